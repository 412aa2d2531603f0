"""What a family of chapters shares: the banked poker chapters' dealing methods, stub count,
irregularities, payout limits and side wagers."""
