"""Dashboard parts that know no game: each takes data in and reports presses out."""
