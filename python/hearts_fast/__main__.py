import sys

from hearts_fast.cli import main

sys.exit(main())
