"""Subcommands of ``python -m cardmath``: each module here has ``register(subparsers)``."""
