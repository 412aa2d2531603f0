"""The sections of each chapter and, for each, its lettered and numbered paragraphs in the order
the chapter prints them, separated by spaces: the facts a citation check needs, transcribed from
the chapters (647a: the Code as amended through 44 Pa.B. 7683; 677a and 643a: through 49 Pa.B.
4956; 635a: 42 Pa.B. 2686).  Paragraph labels repeat across levels ("(a)", "(1)", "(i)", "(A)"), as printed."""

OUTLINES: dict[str, dict[int, str]] = {
    # 637a: §§ 637a.1-637a.11 as adopted at 42 Pa.B. 2686 (2012) and § 637a.18(a)-(e) as in force; of
    # §§ 637a.12-637a.17 only the titles are known (the chapter's table of contents), so only the
    # section itself can be cited, never a paragraph of it.
    "637a": {
        1: "",
        2: "a b 1 2 c d e",
        3: "a b c",
        4: "a b c d e",
        5: "a b 1 2 c d",
        6: "a b 1 2 3 4 5 6 7 8 9 c d e f",
        7: "a b c d e 1 2 3 4 i ii 5 6 i ii iii iv",
        8: "a b 1 2 3 4 5 i ii iii 6 i ii c d e 1 2 3 f 1 2 g h i j k",
        9: "a 1 2 3 4 5 6 b c",
        10: "a b c d 1 2 3 4 e f 1 2 3 g h i 1 2 3 i ii iii iv j k 1 2 l",
        11: "a b c 1 i ii 2 d e f g h i j k",
        12: "", 13: "", 14: "", 15: "", 16: "", 17: "",
        18: "a b c d e",
    },
    "635a": {
        1: "",
        2: "a b 1 2 3 i ii iii 4 5 6 c d e 1 2",
        3: "a b c 1 2 3",
        4: "a b c d e",
        5: "a b c 1 2 3 4 d e f g h",
        6: "a b 1 2 c d e f",
        7: "a b c d e 1 2 3 4 f 1 2 g h 1 i ii 2 i j 1 2 k l m n 1 2 3 4 o p 1 2 q r",
        8: "a b c d e",
        9: "a 1 2 b",
        10: "a b c d",
        11: "a b c d e",
        12: "a b 1 2 3 4 5 6 7 c 1 2 3 4 d e 1 2",
        13: "a b c d e f g h i j 1 2 k l m",
    },
    "643a": {
        1: "",
        2: "a b 1 2 3 4 5 6 7 8 9 i ii 10 11 c 1 2 d 1 2 e f g",
        3: "a b 1 2 3 4 c 1 2",
        4: "a b c d e",
        5: "a b c 1 2 d e f g",
        6: "a b 1 2 3 4 5 6 7 8 9 c 1 2 3 4 5 6 d 1 2 3 4 e 1 2 3 4 5 6 7 8",
        7: "a b c d e f g h i j k l",
        8: "a b 1 2 3 c d 1 2 3 4 5 e f g h",
        9: "a 1 2 3 i ii iii b 1 2 3 4 5 c d e f",
        10: "a 1 2 i ii iii b c d e f g",
        11: (
            "a 1 2 3 b 1 2 c d 1 2 e f 1 2 g 1 i ii 2 i ii 3 i ii iii iv v 4 i ii iii iv v 5 i ii iii 6 i ii "
            "h"
        ),
        12: "a b c d 1 2 3 4 5 e 1 2 3 4 5 f 1 2 3 4 g h",
        13: "a b c d e f g",
    },
    # 639a: §§ 639a.11 and 639a.12 as amended at 44 Pa.B. 5463 (2014), the only text of them available;
    # of § 639a.2 only (c) and of § 639a.7 only (d)(2) are known (cited by § 639a.2(c)); of the other
    # sections only the titles (the chapter's table of contents): only the section itself can be cited.
    "639a": {
        1: "i ii",
        2: "a b c",
        3: "", 4: "", 5: "", 6: "",
        7: "a b c d 1 2",
        8: "", 9: "", 10: "",
        11: "a 1 2 3 b c 1 2 3 i ii A B C 4 5 i ii iii iv v d",
        12: "a b c d 1 2 3 4 5 6",
        13: "",
    },
    # 641a: §§ 641a.2, .6, .7, .11 and .12 as amended at 44 Pa.B. 5463 (2014), complete; of the other
    # sections only the titles: only the section itself can be cited.
    "641a": {
        1: "",
        2: "a b 1 2 3 4 5 c 1 2 d e",
        3: "", 4: "", 5: "",
        6: "a b 1 2 3 4 5 6 7 c d 1 2 3 4 5 6 7",
        7: "a b c d 1 2 3 4 5 6 e",
        8: "", 9: "", 10: "",
        11: "a 1 2 b 1 2 c 1 2 3 i ii 4 5 i ii iii iv v A B 6 i ii d",
        12: "a b c d 1 2 3 4 5 e 1 2 3 4 5 f",
        13: "",
    },
    "647a": {
        1: "i ii i ii",
        2: "a b 1 2 3 4 5 6 7 8 9 i ii 10 c 1 2 d e f",
        3: "a b 1 2 3 4 c 1 2",
        4: "a b c d e",
        5: "a b c 1 2 d e f g",
        6: "a b 1 2 3 4 5 6 7 8 9 c",
        7: "a b c d 1 2 3 4 e",
        8: "a b c d e f g h",
        9: "a 1 2 b c d e f",
        10: "a 1 2 b c d e f g",
        11: "a 1 2 b 1 2 i A B C ii c d e f g h 1 2 i ii iii 3 i 1 2 3 4 5 j 1 2 3 k",
        12: "a b c d 1 2 3 4 5 e 1 2 3 4",
        13: "a b c d e f g",
    },
    # 655a: the current §§ 655a.1, 655a.6(a)-(c)(1) and 655a.12(a)-(c)(3), and the 2014 text (44 Pa.B.
    # 5463) of § 655a.2(c) and § 655a.11(h)-(j), which also names § 655a.7(d)(3)-(4), § 655a.12(c)(5) and
    # (d); the paragraphs before a known one are implied by it.  Of the other sections only the number
    # is known, so only the section itself can be cited, never a paragraph of it.
    "655a": {
        1: "",
        2: "a b c",
        3: "", 4: "", 5: "",
        6: "a b c 1",
        7: "a b c d 1 2 3 4",
        8: "", 9: "", 10: "",
        11: "a b c d e f g h i 1 2 3 4 i A B C D E ii j",
        12: "a b c 1 2 3 4 5 d",
        13: "",
    },
    "677a": {
        1: "",
        2: "a b 1 2 3 4 5 6 7 8 i ii 9 c d",
        3: "a b 1 2 3 4 c 1 2",
        4: "a b c d e",
        5: "a b c 1 2 d e f g",
        6: "a b 1 2 3 4 5 6 7 8 9 c",
        7: "a b c d 1 2 3 e",
        8: "a b c d e f g",
        9: "a 1 2 b c d e f",
        10: "a 1 2 b c d e f g",
        11: "a 1 2 b c d e f g 1 2 h 1 i ii iii 2 i ii iii A B i 1 i ii 2 i ii j",
        12: "a b c d e f",
        13: "a b c d e f g",
    },
    # 657a: §§ 657a.1, .2, .6, .7, .11 and .12 as amended at 44 Pa.B. 5463 (2014), complete in that
    # text.  §§ 657a.3-657a.5, 657a.8-657a.10 and 657a.13 are in no available text: only the section
    # itself can be cited (§ 657a.8-§ 657a.10 the dealing procedures, as § 657a.7(c) names them).
    "657a": {
        1: "",
        2: "a b 1 2 3 4 5 i ii iii iv 6 c 1 2 d e",
        3: "", 4: "", 5: "",
        6: "a b 1 2 3 4 5 6 7 c d 1 2 3 4 5 6 7",
        7: "a b c d 1 2 3 4 e",
        8: "", 9: "", 10: "",
        11: "a 1 2 b 1 2 c 1 2 3 i ii A B C d e 1 2 3 4 5 i ii f",
        12: "a b c d 1 2 3 4 5 i ii e 1 2 3 4 5",
        13: "",
    },
    # 653a: only what survives is listed (58 Pa. Code as through 53 Pa.B. 8238, and the 2014 text at 44
    # Pa.B. 5463): § 653a.2(c), § 653a.6(a)-(b)(7), § 653a.7(d)(3) and (d)(6) (named by § 653a.2(c) and
    # § 653b.3), § 653a.11(j), § 653a.12(a)-(d)(2) and (g)-(h) (named by § 653b.3).  The other sections
    # are known only by number: they can be cited, never a paragraph of them.
    "653a": {
        1: "", 2: "c", 3: "", 4: "", 5: "",
        6: "a b 1 2 3 4 5 6 7",
        7: "d 3 6",
        8: "", 9: "", 10: "",
        11: "j",
        12: "a b c d 1 2 g h",
        13: "",
    },
    # 653b: the temporary side wagers and variations on Chapter 653a; only § 653b.3 was available
    # (complete: 54 Pa.B. 1537), §§ 653b.1-653b.2 are known only by number.
    "653b": {1: "", 2: "", 3: "a b c"},
}

# The other chapters a chapter's game may cite: where its procedure is not available, the sibling
# chapter whose shared procedure it follows (Chapter 653a: the dealing methods and irregularities of
# Chapter 677a), and its temporary chapter (653b: § 653b.3's Bad Beat paytable).
BORROWED: dict[str, tuple[str, ...]] = {"653a": ("677a", "653b")}
