"""The inspection namespace: xp.__array_namespace_info__()."""

import pytest
from conftest import STANDARD_NAMES, xdt

import pyarray as xp


@pytest.fixture
def info():
    return xp.__array_namespace_info__()


def test_capabilities(info):
    caps = info.capabilities()
    assert isinstance(caps, dict)
    assert {"boolean indexing", "data-dependent shapes", "max dimensions"} <= set(caps)
    assert isinstance(caps["boolean indexing"], bool)
    assert isinstance(caps["data-dependent shapes"], bool)
    assert caps["max dimensions"] is None or (
        isinstance(caps["max dimensions"], int) and caps["max dimensions"] >= 1
    )


def test_devices(info):
    devices = info.devices()
    assert isinstance(devices, tuple) and len(devices) >= 1
    assert info.default_device() in devices
    assert xp.asarray(1).device == info.default_device()


def test_default_dtypes(info):
    for kw in ({}, {"device": None}, {"device": info.default_device()}):
        d = info.default_dtypes(**kw)
        assert d == {
            "real floating": xp.float64,
            "complex floating": xp.complex128,
            "integral": xp.int64,
            "indexing": xp.int64,
        }
    with pytest.raises(ValueError):
        info.default_dtypes(device="gpu")


def test_default_dtypes_agree_with_creation(info):
    d = info.default_dtypes()
    assert xp.asarray(1.0).dtype == d["real floating"]
    assert xp.asarray(1j).dtype == d["complex floating"]
    assert xp.asarray(1).dtype == d["integral"]
    assert xp.arange(3).dtype == d["integral"]
    assert xp.zeros(1).dtype == d["real floating"]


def test_dtypes(info):
    all_dtypes = info.dtypes()
    # Only the standard's dtypes are advertised; float16/bfloat16 are extensions.
    assert all_dtypes == {n: xdt(n) for n in STANDARD_NAMES}
    assert info.dtypes(kind="bool") == {"bool": xp.bool}
    assert info.dtypes(kind="signed integer") == {
        n: xdt(n) for n in ("int8", "int16", "int32", "int64")
    }
    assert set(info.dtypes(kind="complex floating")) == {"complex64", "complex128"}
    assert set(info.dtypes(kind=("bool", "unsigned integer"))) == {
        "bool",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
    }
    numeric = info.dtypes(kind="numeric")
    assert "bool" not in numeric and len(numeric) == len(STANDARD_NAMES) - 1
    with pytest.raises(ValueError):
        info.dtypes(device="gpu")
