"""DLPack support in Python: the device-type enum of ``__dlpack_device__``.

The export (``Array.__dlpack__``) and import (``from_dlpack``) are implemented
in Rust; see ``docs/dlpack.md`` for the rules.
"""

import enum


class DLDeviceType(enum.IntEnum):
    """DLPack device types (``DLDeviceType`` in ``dlpack.h``, version 1.1).

    ``Array.__dlpack_device__()`` returns ``(DLDeviceType.CPU, 0)``; the names
    of the members the array API standard lists follow the standard.
    """

    CPU = 1
    CUDA = 2
    CPU_PINNED = 3
    OPENCL = 4
    VULKAN = 7
    METAL = 8
    VPI = 9
    ROCM = 10
    ROCM_HOST = 11
    EXT_DEV = 12
    CUDA_MANAGED = 13
    ONE_API = 14
    WEBGPU = 15
    HEXAGON = 16
    MAIA = 17
    TRN = 18
