//! pyarray's Python bindings: a thin layer that converts arguments, calls one
//! core function and wraps the result. No numerics here.

mod args;
mod array;
mod convert;
mod creation;
mod data_types;
mod device;
mod dlpack;
mod dtypes;
mod elementwise;
mod errors;
mod fft;
mod indexing;
mod linalg;
mod linear_algebra;
mod manipulation;
mod pickle;
mod searching;
mod set_functions;
mod sorting;
mod statistical;
mod utility;

use pyarray_core::DType;
use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<array::PyArray>()?;
    m.add_class::<dtypes::PyDType>()?;
    m.add_class::<device::PyDevice>()?;
    m.add_class::<data_types::FInfo>()?;
    m.add_class::<data_types::IInfo>()?;
    for d in DType::ALL {
        m.add(d.name(), dtypes::dtype_object(py, d))?;
    }
    m.add("__array_api_version__", "2025.12")?;
    m.add("CPU_DEVICE", device::PyDevice::cpu())?;

    m.add_function(wrap_pyfunction!(creation::arange, m)?)?;
    m.add_function(wrap_pyfunction!(creation::asarray, m)?)?;
    m.add_function(wrap_pyfunction!(creation::empty, m)?)?;
    m.add_function(wrap_pyfunction!(creation::empty_like, m)?)?;
    m.add_function(wrap_pyfunction!(creation::eye, m)?)?;
    m.add_function(wrap_pyfunction!(creation::full, m)?)?;
    m.add_function(wrap_pyfunction!(creation::full_like, m)?)?;
    m.add_function(wrap_pyfunction!(creation::linspace, m)?)?;
    m.add_function(wrap_pyfunction!(creation::meshgrid, m)?)?;
    m.add_function(wrap_pyfunction!(creation::ones, m)?)?;
    m.add_function(wrap_pyfunction!(creation::ones_like, m)?)?;
    m.add_function(wrap_pyfunction!(creation::tril, m)?)?;
    m.add_function(wrap_pyfunction!(creation::triu, m)?)?;
    m.add_function(wrap_pyfunction!(creation::zeros, m)?)?;
    m.add_function(wrap_pyfunction!(creation::zeros_like, m)?)?;

    m.add_function(wrap_pyfunction!(data_types::astype, m)?)?;
    m.add_function(wrap_pyfunction!(data_types::can_cast, m)?)?;
    m.add_function(wrap_pyfunction!(data_types::finfo, m)?)?;
    m.add_function(wrap_pyfunction!(data_types::iinfo, m)?)?;
    m.add_function(wrap_pyfunction!(data_types::isdtype, m)?)?;
    m.add_function(wrap_pyfunction!(data_types::result_type, m)?)?;

    elementwise::register(m)?;
    manipulation::register(m)?;
    indexing::register(m)?;
    linear_algebra::register(m)?;
    searching::register(m)?;
    set_functions::register(m)?;
    sorting::register(m)?;
    statistical::register(m)?;
    utility::register(m)?;
    linalg::register(m)?;
    fft::register(m)?;

    m.add_function(wrap_pyfunction!(pickle::_rebuild, m)?)?;

    m.add_function(wrap_pyfunction!(dlpack::from_dlpack, m)?)?;
    m.add_function(wrap_pyfunction!(dlpack::_dlpack_live_exports, m)?)?;
    Ok(())
}
