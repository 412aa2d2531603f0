"""Nonbanked Poker (Chapter 637a): Hold'em, Omaha and Seven-card Stud over pokerkit.

    variants  the games of § 637a.9(a): their streets, hands and first-to-act rules
    options   a table's Rules Submission options, read into cents and checked
    seating   players, table stakes and the button between hands
    round     one hand, rebuilt from its log
    pots      the rake, the jackpot drops and each pot divided among its winners
    sheet     the hand on paper: the round sheet and the Poker Hand History (PHH)
    game      the game the registry knows
"""
