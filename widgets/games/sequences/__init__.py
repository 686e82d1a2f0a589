"""Sequences in the classroom: class against the computer, the warm-up, and play."""
