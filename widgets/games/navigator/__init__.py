"""Navigator in the classroom: projector, play and puzzle."""
