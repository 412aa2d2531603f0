"""The exact two-sided binomial test of the hit-frequency report, without floats or scipy.

How improbable is it to see a paying hand ``k`` times in ``n`` wagers when the exact return
report gives it probability ``p``?  The two-sided p-value is the probability, under ``p``, of
every count at most as likely as ``k`` (the definition R's ``binom.test`` and scipy's
``binomtest`` use).  Each count's probability is the one before it times an exact ratio of
integers, P(i+1) / P(i) = (n - i) p / ((i + 1) (1 - p)), carried in 50-digit decimals from the
most likely count outward; counts whose probability falls below 10^-60 of that one's are left
out (together less than n × 10^-60 of the total).  A count that improbable is answered with the
bound instead: the p-value is below ``BOUND``.

>>> two_sided_p_value(5, 10, Fraction(1, 2))
Decimal('1')
>>> two_sided_p_value(0, 10, Fraction(1, 2))  # 2 / 1024
Decimal('0.001953125')
"""

from __future__ import annotations

from decimal import Context, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

PRECISION = 50
FLOOR = Decimal("1e-60")  # relative to the most likely count's probability
BOUND = Decimal("1e-50")  # what an improbable beyond the floor is reported as (an upper bound)
# Two probabilities this close are the same (they differ only by the decimals' rounding).
TIE = Decimal("1e-30")


# A month's report asks for the same (count, trials, row) for every request and every export of
# it; each answer is a pure function of its arguments (Decimals are immutable), so it is kept.
@lru_cache(maxsize=65_536)
def two_sided_p_value(k: int, n: int, p: Fraction) -> Decimal:
    """The probability of a count at most as likely as ``k`` in ``n`` trials of probability ``p``,
    to 30 significant digits, or ``BOUND`` when it is smaller than that (kept per arguments:
    ``two_sided_p_value.__wrapped__`` computes afresh)."""
    if not 0 <= k <= n:
        raise ValueError(f"{k} hits cannot come from {n} trials")
    if not 0 <= p <= 1:
        raise ValueError(f"{p} is not a probability")
    if p in (0, 1):  # only one count is possible
        return Decimal(1) if k == (0 if p == 0 else n) else Decimal(0)
    hit, miss = p.numerator, p.denominator - p.numerator
    with localcontext(Context(prec=PRECISION)):
        mode = (n + 1) * hit // p.denominator
        mode = min(mode, n)
        terms = {mode: Decimal(1)}
        term, i = Decimal(1), mode
        while i < n:
            term = term * (n - i) * hit / ((i + 1) * miss)
            i += 1
            if term < FLOOR:
                break
            terms[i] = term
        term, i = Decimal(1), mode
        while i > 0:
            term = term * i * miss / ((n - i + 1) * hit)
            i -= 1
            if term < FLOOR:
                break
            terms[i] = term
        if k not in terms:
            return BOUND
        total = sum(terms.values())
        limit = terms[k] * (1 + TIE)
        value = sum(term for term in terms.values() if term <= limit) / total
    with localcontext(Context(prec=30)):
        return Decimal(1) if value >= 1 else (+value).normalize()
