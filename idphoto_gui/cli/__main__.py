"""`python -m idphoto_gui.cli`."""
import sys

from . import main

sys.exit(main())
