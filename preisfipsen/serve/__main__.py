"""`python -m preisfipsen.serve`, as scripts/serve (`make run`) calls it."""

import sys

from preisfipsen.serve.run import main

sys.exit(main())
