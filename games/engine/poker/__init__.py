"""Nonbanked Poker (Chapter 637a): Hold'em, Omaha and Seven-card Stud over pokerkit.

    variants  the games of § 637a.9(a): their streets, hands and first-to-act rules
    options   a table's Rules Submission options, read into cents and checked
    seating   players, table stakes and the button between hands
    round     one hand, rebuilt from its log; its parts:
      hand_flow       seating, the button, the blinds and the Straddle, the deal
      betting         each betting decision and the choices offered for it
      showdown        the showdown, the pots awarded, the jackpots, what the next hand carries on
      irregularities  the hand's irregularities and the floorperson's answers
      prompts         what the dealer is asked at each moment
      words           each entry and moment in the dealer's words, and what comes next
      moments, kit    where the hand is; pokerkit's state and its refusals
    pots      the rake, the jackpot drops and each pot divided among its winners
    sheet     the hand on paper: the round sheet and the Poker Hand History (PHH)
    game      the game the registry knows
"""
