"""``python -m importexport.catalog extract|check`` (see :mod:`importexport.catalog`)."""

import sys

from . import main

sys.exit(main())
