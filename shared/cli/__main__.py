"""`python -m shared.cli`: the same as the `cardroom` console script."""

import sys

from shared.cli.main import main

sys.exit(main())
