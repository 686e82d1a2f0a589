"""One file per schema revision, oldest first (``down_revision`` chains them)."""
