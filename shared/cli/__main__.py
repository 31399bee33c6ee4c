"""`python -m cardroom.shared.cli`: the same as the `cardroom` console script."""

import sys

from cardroom.shared.cli.main import main

sys.exit(main())
