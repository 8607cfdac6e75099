"""A ctypes mirror of the DLPack 1.1 ABI (dlpack.h), for tests that read raw capsules."""

import ctypes


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [
        ("dl_tensor", DLTensor),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
    ]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [
        ("major", ctypes.c_uint32),
        ("minor", ctypes.c_uint32),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
        ("flags", ctypes.c_uint64),
        ("dl_tensor", DLTensor),
    ]


READ_ONLY = 1 << 0
IS_COPIED = 1 << 1

pythonapi = ctypes.pythonapi
pythonapi.PyCapsule_GetName.restype = ctypes.c_char_p
pythonapi.PyCapsule_GetName.argtypes = [ctypes.py_object]
pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
pythonapi.PyCapsule_SetName.restype = ctypes.c_int
pythonapi.PyCapsule_SetName.argtypes = [ctypes.py_object, ctypes.c_char_p]
# Static name for renaming from Python (a capsule keeps the pointer).
USED_VERSIONED = ctypes.c_char_p(b"used_dltensor_versioned")


def capsule_name(capsule):
    return pythonapi.PyCapsule_GetName(capsule).decode()


def managed(capsule):
    """The managed tensor struct inside a capsule (legacy or versioned)."""
    name = capsule_name(capsule)
    ptr = pythonapi.PyCapsule_GetPointer(capsule, name.encode())
    kind = DLManagedTensorVersioned if name == "dltensor_versioned" else DLManagedTensor
    return kind.from_address(ptr)


def tensor_fields(capsule):
    t = managed(capsule).dl_tensor
    ndim = t.ndim
    shape = tuple(t.shape[i] for i in range(ndim))
    strides = tuple(t.strides[i] for i in range(ndim))
    return t, shape, strides
