"""The maths behind each lesson: exact counts, simulations and self-checking exercises."""
