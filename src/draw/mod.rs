//! Pictures of positions and of definitions: the terminal's text diagrams, the
//! SVG boards, and the source excerpts under diagnostics.

pub(crate) mod excerpt;
pub(crate) mod svg;
pub(crate) mod text;
