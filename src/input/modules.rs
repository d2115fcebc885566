//! The module tree: which file each `mod name;` declaration refers to.

use std::path::{Path, PathBuf};

use crate::analysis::facts::{CodeKind, ModDecl};

/// What a parse tells of a file's `mod` declarations: the files they refer
/// to. For the items around the declarations whose code a scan cannot
/// tell, these take the place of the files the scan gave for them.
pub(crate) struct Declared {
    /// The files that exist, with the code of their declarations.
    pub(crate) children: Vec<(PathBuf, CodeKind)>,
    /// The names of the declarations whose files are missing, with those
    /// files.
    pub(crate) missing: Vec<(String, PathBuf)>,
}

impl Declared {
    /// Tells whether a file exists with `exists`.
    pub(crate) fn new(path: &Path, decls: &[ModDecl], exists: &dyn Fn(&Path) -> bool) -> Declared {
        let mut declared = Declared {
            children: Vec::new(),
            missing: Vec::new(),
        };
        for ((child, code), decl) in module_files(path, decls, exists).into_iter().zip(decls) {
            if exists(&child) {
                declared.children.push((child, code));
            } else {
                declared.missing.push((decl.name.clone(), child));
            }
        }
        declared
    }
}

/// The files a module's `mod name;` declarations refer to.
pub(crate) fn module_files(
    path: &Path,
    decls: &[ModDecl],
    exists: &dyn Fn(&Path) -> bool,
) -> Vec<(PathBuf, CodeKind)> {
    let Some(dir) = path.parent() else {
        return Vec::new();
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let owns_dir = matches!(stem, "mod" | "lib" | "main" | "build");
    let child_dir = if owns_dir {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    decls
        .iter()
        .map(|decl| {
            let file = match &decl.path_attr {
                Some(explicit) => dir.join(explicit),
                None => {
                    let dir: PathBuf = decl.inline.iter().fold(child_dir.clone(), |d, m| d.join(m));
                    let flat = dir.join(format!("{}.rs", decl.name));
                    if exists(&flat) {
                        flat
                    } else {
                        dir.join(&decl.name).join("mod.rs")
                    }
                }
            };
            (super::discover::absolute(&file), decl.code)
        })
        .collect()
}
