"""The inspection namespace: ``pyarray.__array_namespace_info__()``."""

from pyarray import _core
from pyarray._core import Device, dtype

# The kinds ``isdtype`` accepts: a dtype, a kind name, or a tuple of either.
_Kind = str | dtype | tuple[str | dtype, ...]

# The standard's dtypes. float16 and bfloat16 are pyarray extensions: usable
# everywhere, but not listed here, because the standard's inspection API
# promises only its own dtypes (the official suite checks this).
_STANDARD_DTYPES = tuple(
    name
    for name in _core.__all__
    if isinstance(getattr(_core, name), dtype) and name not in ("float16", "bfloat16")
)


class Info:
    """What this pyarray build supports: devices, dtypes and capabilities."""

    def capabilities(self) -> dict[str, bool | int | None]:
        """Return the optional features pyarray supports.

        Returns
        -------
        dict
            ``"boolean indexing"``, ``"data-dependent shapes"`` and
            ``"max dimensions"`` (None: no fixed limit).

        Examples
        --------
        >>> xp.__array_namespace_info__().capabilities()["boolean indexing"]
        True
        """
        return {
            "boolean indexing": hasattr(_core, "nonzero"),
            "data-dependent shapes": hasattr(_core, "unique_values"),
            "max dimensions": None,
        }

    def default_device(self) -> Device:
        """Return the default device (the CPU).

        Returns
        -------
        Device
            ``pyarray.CPU_DEVICE``.

        Examples
        --------
        >>> xp.__array_namespace_info__().default_device()
        Device('cpu')
        """
        return _core.CPU_DEVICE

    def devices(self) -> tuple[Device, ...]:
        """Return the tuple of supported devices.

        Returns
        -------
        tuple of Device
            Only the CPU.

        Examples
        --------
        >>> xp.__array_namespace_info__().devices()
        (Device('cpu'),)
        """
        return (_core.CPU_DEVICE,)

    def default_dtypes(self, *, device: Device | None = None) -> dict[str, dtype]:
        """Return the default dtypes for each kind.

        Parameters
        ----------
        device : Device, optional
            Must be None or the CPU device.

        Returns
        -------
        dict
            Keys ``"real floating"``, ``"complex floating"``, ``"integral"``
            and ``"indexing"``.

        Examples
        --------
        >>> xp.__array_namespace_info__().default_dtypes()["integral"]
        pyarray.int64
        """
        _check_device(device)
        return {
            "real floating": _core.float64,
            "complex floating": _core.complex128,
            "integral": _core.int64,
            "indexing": _core.int64,
        }

    def dtypes(
        self, *, device: Device | None = None, kind: _Kind | None = None
    ) -> dict[str, dtype]:
        """Return the supported dtypes, optionally of one kind.

        Parameters
        ----------
        device : Device, optional
            Must be None or the CPU device.
        kind : str, dtype or tuple, optional
            As accepted by ``isdtype``.

        Returns
        -------
        dict
            Dtype name to dtype object, for the standard's dtypes (the
            extensions float16 and bfloat16 are not listed).

        Examples
        --------
        >>> list(xp.__array_namespace_info__().dtypes(kind="real floating"))
        ['float32', 'float64']
        """
        _check_device(device)
        found = {name: getattr(_core, name) for name in _STANDARD_DTYPES}
        if kind is None:
            return found
        return {n: d for n, d in found.items() if _core.isdtype(d, kind)}


def _check_device(device: Device | None) -> None:
    if device is not None and device != _core.CPU_DEVICE:
        raise ValueError(f"unsupported device {device!r}; pyarray only has Device('cpu')")


def __array_namespace_info__() -> Info:
    """Return the inspection namespace of pyarray.

    Returns
    -------
    Info
        An object with ``capabilities``, ``default_device``,
        ``default_dtypes``, ``devices`` and ``dtypes`` methods.

    Examples
    --------
    >>> info = xp.__array_namespace_info__()
    >>> info.default_dtypes()["real floating"]
    pyarray.float64
    """
    return Info()
