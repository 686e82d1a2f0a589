"""Dotter in the classroom: class vs computer and play, with the lap board."""
