"""Permutations in the classroom: class versus computer, and play (alone or hot seat)."""
