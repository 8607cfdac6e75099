"""Complex special values of the elementwise functions (standard 2025.12,
following C99 Annex G): infinite and NaN parts and signed zeros.

Each row is (function, input, expected). Parts are written as strings:
"+0", "-0", "inf", "-inf", "nan", a number, or "pi/2"-style multiples of π;
a leading "±" accepts either sign. NaN matches any NaN; zeros and infinities
must match in sign. Rows cover the stub's listed cases, their mirror images
through the stated symmetries (conj; odd/even), and finite inputs where the
plain formula would give ∞·0 = NaN.
"""

import math

import pytest

import pyarray as xp

INF = math.inf
NAN = math.nan

CASES = [
    # sqrt
    ("sqrt", (0.0, 0.0), ("+0", "+0")),
    ("sqrt", (-0.0, 0.0), ("+0", "+0")),
    ("sqrt", (0.0, -0.0), ("+0", "-0")),
    ("sqrt", (NAN, INF), ("inf", "inf")),
    ("sqrt", (1.0, -INF), ("inf", "-inf")),
    ("sqrt", (1.0, NAN), ("nan", "nan")),
    ("sqrt", (-INF, 2.0), ("+0", "inf")),
    ("sqrt", (-INF, -2.0), ("+0", "-inf")),
    ("sqrt", (INF, 2.0), ("inf", "+0")),
    ("sqrt", (INF, -2.0), ("inf", "-0")),
    ("sqrt", (-INF, NAN), ("nan", "±inf")),
    ("sqrt", (INF, NAN), ("inf", "nan")),
    ("sqrt", (NAN, 1.0), ("nan", "nan")),
    ("sqrt", (-4.0, 0.0), ("+0", "2")),
    ("sqrt", (-4.0, -0.0), ("+0", "-2")),
    # exp
    ("exp", (0.0, 0.0), ("1", "+0")),
    ("exp", (-0.0, -0.0), ("1", "-0")),
    ("exp", (1.0, INF), ("nan", "nan")),
    ("exp", (1.0, NAN), ("nan", "nan")),
    ("exp", (INF, 0.0), ("inf", "+0")),
    ("exp", (INF, -0.0), ("inf", "-0")),
    ("exp", (-INF, 1.0), ("+0", "+0")),
    ("exp", (-INF, 3.0), ("-0", "+0")),
    ("exp", (-INF, -1.0), ("+0", "-0")),
    ("exp", (INF, 1.0), ("inf", "inf")),
    ("exp", (INF, 3.0), ("-inf", "inf")),
    ("exp", (-INF, INF), ("+0", "+0")),
    ("exp", (INF, INF), ("±inf", "nan")),
    ("exp", (-INF, NAN), ("+0", "+0")),
    ("exp", (INF, NAN), ("±inf", "nan")),
    ("exp", (NAN, 0.0), ("nan", "+0")),
    ("exp", (NAN, -0.0), ("nan", "-0")),
    ("exp", (NAN, 1.0), ("nan", "nan")),
    ("exp", (NAN, NAN), ("nan", "nan")),
    ("exp", (800.0, 0.0), ("inf", "+0")),
    # expm1
    ("expm1", (0.0, 0.0), ("+0", "+0")),
    ("expm1", (-0.0, 0.0), ("+0", "+0")),
    ("expm1", (1.0, INF), ("nan", "nan")),
    ("expm1", (1.0, NAN), ("nan", "nan")),
    ("expm1", (INF, 0.0), ("inf", "+0")),
    ("expm1", (INF, -0.0), ("inf", "-0")),
    ("expm1", (-INF, 1.0), ("-1", "+0")),
    ("expm1", (-INF, -1.0), ("-1", "-0")),
    ("expm1", (INF, 1.0), ("inf", "inf")),
    ("expm1", (-INF, INF), ("-1", "±0")),
    ("expm1", (INF, INF), ("±inf", "nan")),
    ("expm1", (-INF, NAN), ("-1", "±0")),
    ("expm1", (INF, NAN), ("±inf", "nan")),
    ("expm1", (NAN, 0.0), ("nan", "+0")),
    ("expm1", (NAN, 2.0), ("nan", "nan")),
    ("expm1", (NAN, NAN), ("nan", "nan")),
    ("expm1", (800.0, 0.0), ("inf", "+0")),
    # log (log2 and log10 scale each part of log)
    ("log", (-0.0, 0.0), ("-inf", "pi")),
    ("log", (-0.0, -0.0), ("-inf", "-pi")),
    ("log", (0.0, 0.0), ("-inf", "+0")),
    ("log", (0.0, -0.0), ("-inf", "-0")),
    ("log", (1.0, INF), ("inf", "pi/2")),
    ("log", (1.0, -INF), ("inf", "-pi/2")),
    ("log", (1.0, NAN), ("nan", "nan")),
    ("log", (-INF, 1.0), ("inf", "pi")),
    ("log", (INF, 1.0), ("inf", "+0")),
    ("log", (INF, -1.0), ("inf", "-0")),
    ("log", (-INF, INF), ("inf", "3pi/4")),
    ("log", (INF, INF), ("inf", "pi/4")),
    ("log", (-INF, NAN), ("inf", "nan")),
    ("log", (INF, NAN), ("inf", "nan")),
    ("log", (NAN, 1.0), ("nan", "nan")),
    ("log", (NAN, INF), ("inf", "nan")),
    ("log", (NAN, NAN), ("nan", "nan")),
    ("log2", (0.0, 0.0), ("-inf", "+0")),
    ("log2", (INF, NAN), ("inf", "nan")),
    ("log10", (-INF, 1.0), ("inf", "1.3643763538418412")),
    ("log10", (NAN, INF), ("inf", "nan")),
    # log1p
    ("log1p", (-1.0, 0.0), ("-inf", "+0")),
    ("log1p", (-1.0, -0.0), ("-inf", "-0")),
    ("log1p", (1.0, INF), ("inf", "pi/2")),
    ("log1p", (1.0, NAN), ("nan", "nan")),
    ("log1p", (-INF, 1.0), ("inf", "pi")),
    ("log1p", (INF, 1.0), ("inf", "+0")),
    ("log1p", (-INF, INF), ("inf", "3pi/4")),
    ("log1p", (INF, INF), ("inf", "pi/4")),
    ("log1p", (-INF, NAN), ("inf", "nan")),
    ("log1p", (NAN, 1.0), ("nan", "nan")),
    ("log1p", (NAN, INF), ("inf", "nan")),
    ("log1p", (NAN, NAN), ("nan", "nan")),
    # cosh (even, conj)
    ("cosh", (0.0, 0.0), ("1", "+0")),
    ("cosh", (0.0, INF), ("nan", "±0")),
    ("cosh", (0.0, NAN), ("nan", "±0")),
    ("cosh", (1.0, INF), ("nan", "nan")),
    ("cosh", (1.0, NAN), ("nan", "nan")),
    ("cosh", (INF, 0.0), ("inf", "+0")),
    ("cosh", (-INF, 0.0), ("inf", "-0")),
    ("cosh", (INF, 1.0), ("inf", "inf")),
    ("cosh", (INF, -1.0), ("inf", "-inf")),
    ("cosh", (INF, INF), ("±inf", "nan")),
    ("cosh", (INF, NAN), ("inf", "nan")),
    ("cosh", (NAN, 0.0), ("nan", "±0")),
    ("cosh", (NAN, -0.0), ("nan", "±0")),
    ("cosh", (NAN, 1.0), ("nan", "nan")),
    ("cosh", (NAN, NAN), ("nan", "nan")),
    ("cosh", (800.0, 0.0), ("inf", "+0")),
    ("cosh", (-800.0, 0.0), ("inf", "-0")),
    # sinh (odd, conj)
    ("sinh", (0.0, 0.0), ("+0", "+0")),
    ("sinh", (-0.0, 0.0), ("-0", "+0")),
    ("sinh", (0.0, INF), ("±0", "nan")),
    ("sinh", (0.0, NAN), ("±0", "nan")),
    ("sinh", (1.0, INF), ("nan", "nan")),
    ("sinh", (1.0, NAN), ("nan", "nan")),
    ("sinh", (INF, 0.0), ("inf", "+0")),
    ("sinh", (-INF, 0.0), ("-inf", "+0")),
    ("sinh", (INF, 1.0), ("inf", "inf")),
    ("sinh", (INF, INF), ("±inf", "nan")),
    ("sinh", (INF, NAN), ("±inf", "nan")),
    ("sinh", (NAN, 0.0), ("nan", "+0")),
    ("sinh", (NAN, -0.0), ("nan", "-0")),
    ("sinh", (NAN, 1.0), ("nan", "nan")),
    ("sinh", (NAN, NAN), ("nan", "nan")),
    ("sinh", (-800.0, 0.0), ("-inf", "+0")),
    # tanh (odd, conj)
    ("tanh", (0.0, 0.0), ("+0", "+0")),
    ("tanh", (-0.0, -0.0), ("-0", "-0")),
    ("tanh", (1.0, INF), ("nan", "nan")),
    ("tanh", (0.0, INF), ("+0", "nan")),
    ("tanh", (-0.0, INF), ("-0", "nan")),
    ("tanh", (1.0, NAN), ("nan", "nan")),
    ("tanh", (0.0, NAN), ("+0", "nan")),
    ("tanh", (INF, 1.0), ("1", "+0")),
    ("tanh", (INF, 2.0), ("1", "+0")),
    ("tanh", (-INF, 1.0), ("-1", "+0")),
    ("tanh", (INF, -1.0), ("1", "-0")),
    ("tanh", (INF, INF), ("1", "±0")),
    ("tanh", (INF, NAN), ("1", "±0")),
    ("tanh", (NAN, 0.0), ("nan", "+0")),
    ("tanh", (NAN, 1.0), ("nan", "nan")),
    ("tanh", (NAN, NAN), ("nan", "nan")),
    # sin = -i sinh(iz), cos = cosh(iz), tan = -i tanh(iz)
    ("sin", (0.0, 0.0), ("+0", "+0")),
    ("sin", (INF, 0.0), ("nan", "±0")),
    ("sin", (0.0, INF), ("+0", "inf")),
    ("cos", (0.0, 0.0), ("1", "-0")),
    ("cos", (INF, 0.0), ("nan", "±0")),
    ("cos", (0.0, INF), ("inf", "-0")),
    ("tan", (0.0, INF), ("+0", "1")),
    ("tan", (NAN, INF), ("±0", "1")),
    ("tan", (INF, 0.0), ("nan", "±0")),
    # asinh (odd, conj)
    ("asinh", (0.0, 0.0), ("+0", "+0")),
    ("asinh", (-0.0, -0.0), ("-0", "-0")),
    ("asinh", (1.0, INF), ("inf", "pi/2")),
    ("asinh", (-1.0, INF), ("-inf", "pi/2")),
    ("asinh", (1.0, NAN), ("nan", "nan")),
    ("asinh", (INF, 1.0), ("inf", "+0")),
    ("asinh", (INF, INF), ("inf", "pi/4")),
    ("asinh", (INF, NAN), ("inf", "nan")),
    ("asinh", (NAN, 0.0), ("nan", "+0")),
    ("asinh", (NAN, -0.0), ("nan", "-0")),
    ("asinh", (NAN, 1.0), ("nan", "nan")),
    ("asinh", (NAN, INF), ("±inf", "nan")),
    ("asinh", (NAN, NAN), ("nan", "nan")),
    # asin = -i asinh(iz)
    ("asin", (0.0, 0.0), ("+0", "+0")),
    ("asin", (INF, 1.0), ("pi/2", "inf")),
    ("asin", (NAN, INF), ("nan", "inf")),
    # acos (conj)
    ("acos", (0.0, 0.0), ("pi/2", "-0")),
    ("acos", (-0.0, 0.0), ("pi/2", "-0")),
    ("acos", (0.0, -0.0), ("pi/2", "+0")),
    ("acos", (0.0, NAN), ("pi/2", "nan")),
    ("acos", (-0.0, NAN), ("pi/2", "nan")),
    ("acos", (1.0, INF), ("pi/2", "-inf")),
    ("acos", (1.0, -INF), ("pi/2", "inf")),
    ("acos", (1.0, NAN), ("nan", "nan")),
    ("acos", (-INF, 1.0), ("pi", "-inf")),
    ("acos", (INF, 1.0), ("+0", "-inf")),
    ("acos", (-INF, INF), ("3pi/4", "-inf")),
    ("acos", (INF, INF), ("pi/4", "-inf")),
    ("acos", (INF, NAN), ("nan", "±inf")),
    ("acos", (NAN, 1.0), ("nan", "nan")),
    ("acos", (NAN, INF), ("nan", "-inf")),
    ("acos", (NAN, NAN), ("nan", "nan")),
    # acosh (conj)
    ("acosh", (0.0, 0.0), ("+0", "pi/2")),
    ("acosh", (-0.0, -0.0), ("+0", "-pi/2")),
    ("acosh", (1.0, INF), ("inf", "pi/2")),
    ("acosh", (1.0, NAN), ("nan", "nan")),
    ("acosh", (0.0, NAN), ("nan", "±pi/2")),
    ("acosh", (-INF, 1.0), ("inf", "pi")),
    ("acosh", (INF, 1.0), ("inf", "+0")),
    ("acosh", (-INF, INF), ("inf", "3pi/4")),
    ("acosh", (INF, INF), ("inf", "pi/4")),
    ("acosh", (-INF, NAN), ("inf", "nan")),
    ("acosh", (NAN, 1.0), ("nan", "nan")),
    ("acosh", (NAN, INF), ("inf", "nan")),
    ("acosh", (NAN, NAN), ("nan", "nan")),
    # atanh (odd, conj)
    ("atanh", (0.0, 0.0), ("+0", "+0")),
    ("atanh", (-0.0, 0.0), ("-0", "+0")),
    ("atanh", (0.0, NAN), ("+0", "nan")),
    ("atanh", (1.0, 0.0), ("inf", "+0")),
    ("atanh", (-1.0, -0.0), ("-inf", "-0")),
    ("atanh", (1.0, INF), ("+0", "pi/2")),
    ("atanh", (1.0, NAN), ("nan", "nan")),
    ("atanh", (INF, 1.0), ("+0", "pi/2")),
    ("atanh", (-INF, 1.0), ("-0", "pi/2")),
    ("atanh", (INF, INF), ("+0", "pi/2")),
    ("atanh", (INF, NAN), ("+0", "nan")),
    ("atanh", (NAN, 1.0), ("nan", "nan")),
    ("atanh", (NAN, INF), ("±0", "pi/2")),
    ("atanh", (NAN, NAN), ("nan", "nan")),
    # atan = -i atanh(iz)
    ("atan", (0.0, 0.0), ("+0", "+0")),
    ("atan", (INF, 1.0), ("pi/2", "+0")),
    ("atan", (0.0, 1.0), ("+0", "inf")),
]


def parse_part(text):
    """Return (value, any_sign) for an expected part."""
    any_sign = text.startswith("±")
    text = text.lstrip("±")
    if "pi" in text:
        sign = -1.0 if text.startswith("-") else 1.0
        num, _, den = text.lstrip("-").partition("/")
        coeff = float(num.replace("pi", "") or 1.0)
        value = sign * coeff * math.pi / (float(den) if den else 1.0)
    else:
        value = float(text)
    return value, any_sign


def part_matches(got, text, rel):
    expected, any_sign = parse_part(text)
    if math.isnan(expected):
        return math.isnan(got)
    if any_sign:
        got, expected = abs(got), abs(expected)
    if expected == 0.0 or math.isinf(expected):
        # Exact, including the sign of zeros and infinities.
        return got == expected and math.copysign(1.0, got) == math.copysign(1.0, expected)
    return math.isclose(got, expected, rel_tol=rel)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize(("func", "z", "expected"), CASES, ids=lambda v: str(v))
def test_complex_special_case(func, z, expected, dtype):
    x = xp.asarray([complex(*z)], dtype=getattr(xp, dtype))
    out = getattr(xp, func)(x)
    assert out.dtype == getattr(xp, dtype)
    got = complex(out[0])
    rel = 1e-6 if dtype == "complex64" else 1e-14
    ok_re = part_matches(got.real, expected[0], rel)
    ok_im = part_matches(got.imag, expected[1], rel)
    assert ok_re and ok_im, f"{func}({complex(*z)!r}) = {got!r}, expected {expected}"


def test_table_checker_rejects_wrong_signs():
    """The comparison itself must be able to fail: signs of zeros count."""
    assert not part_matches(-0.0, "+0", 1e-14)
    assert not part_matches(math.inf, "-inf", 1e-14)
    assert not part_matches(1.0, "nan", 1e-14)
    assert part_matches(-0.0, "±0", 1e-14)
    assert part_matches(-math.pi / 2, "-pi/2", 1e-14)
    assert part_matches(3 * math.pi / 4, "3pi/4", 1e-14)
