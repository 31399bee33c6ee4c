"""`python -m deploy.launch` is `make run`: the local stack in the foreground
(deploy.launch.local)."""

import sys

from deploy.launch.local import main

sys.exit(main())
