//! vdl from Python. The module `vdl._vdl` answers pyffish's functions (same
//! names, arguments, defaults and return types) for every variant vdl knows, and
//! holds the `Game` class of the Pythonic layer (`vdl/__init__.py`).

mod api;
mod counting;
mod errors;
mod game;
mod material;
mod promoted;
mod replay;
mod san;
mod variants;

use pyo3::prelude::*;

#[allow(non_camel_case_types)]
mod exception {
    pyo3::create_exception!(
        _vdl,
        error,
        pyo3::exceptions::PyException,
        "vdl's error base, as pyffish's `error`."
    );
}
use exception::error;

#[pymodule]
fn _vdl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    api::register(m)?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::GameMove>()?;
    m.add("error", m.py().get_type::<error>())?;
    Ok(())
}
