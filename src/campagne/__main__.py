"""`python -m campagne` runs the command line."""

from campagne.cli.main import main

main()
