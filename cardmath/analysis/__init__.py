"""Analysis tools: tournaments between bots, probabilities, Monte Carlo estimates."""
