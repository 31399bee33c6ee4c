from . import cardroom
