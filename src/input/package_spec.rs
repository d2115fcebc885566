//! Which workspace members `-p/--package` and `--exclude` name, as cargo
//! reads them: a name, `name@version` with a full or partial version, a
//! package id, or a glob over names (`'glob-*'`).

use cargo_metadata::semver::Version;

/// One `-p` or `--exclude` value.
#[derive(Debug)]
pub enum Spec {
    Name {
        name: String,
        version: Option<PartialVersion>,
    },
    Glob {
        text: String,
        matcher: globset::GlobMatcher,
    },
    /// A package id (`path+file:///…#name@0.1.0`), compared whole.
    Id(String),
}

/// A version as a spec gives it: `1`, `1.2` or `1.2.3` (with a
/// pre-release), each given part compared.
#[derive(Debug, PartialEq, Eq)]
pub struct PartialVersion {
    major: u64,
    minor: Option<u64>,
    patch: Option<u64>,
    pre: Option<String>,
}

impl PartialVersion {
    fn parse(text: &str) -> Option<PartialVersion> {
        let (numbers, pre) = match text.split_once('-') {
            Some((numbers, pre)) => (numbers, Some(pre.to_string())),
            None => (text, None),
        };
        let mut parts = numbers.split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next().map(str::parse).transpose().ok()?;
        let patch = parts.next().map(str::parse).transpose().ok()?;
        if parts.next().is_some() || (pre.is_some() && patch.is_none()) {
            return None;
        }
        Some(PartialVersion {
            major,
            minor,
            patch,
            pre,
        })
    }

    fn matches(&self, version: &Version) -> bool {
        self.major == version.major
            && self.minor.is_none_or(|minor| minor == version.minor)
            && self.patch.is_none_or(|patch| patch == version.patch)
            && self
                .pre
                .as_ref()
                .is_none_or(|pre| *pre == version.pre.as_str())
    }
}

impl Spec {
    pub fn parse(text: &str) -> Result<Spec, String> {
        if text.contains('#') || text.contains("://") {
            return Ok(Spec::Id(text.to_string()));
        }
        if text.contains(['*', '?', '[']) {
            let glob = globset::Glob::new(text)
                .map_err(|e| format!("cannot parse the package pattern `{text}`: {e}"))?;
            return Ok(Spec::Glob {
                text: text.to_string(),
                matcher: glob.compile_matcher(),
            });
        }
        let (name, version) = match text.split_once('@') {
            Some((name, version)) => {
                let version = PartialVersion::parse(version).ok_or_else(|| {
                    format!(
                        "invalid package ID specification `{text}`: `{version}` is not a version"
                    )
                })?;
                (name, Some(version))
            }
            None => (text, None),
        };
        if name.is_empty() {
            return Err(format!("invalid package ID specification `{text}`"));
        }
        Ok(Spec::Name {
            name: name.to_string(),
            version,
        })
    }

    pub fn matches(&self, package: &cargo_metadata::Package) -> bool {
        match self {
            Spec::Name { name, version } => {
                package.name.as_str() == name
                    && version.as_ref().is_none_or(|v| v.matches(&package.version))
            }
            Spec::Glob { matcher, .. } => matcher.is_match(package.name.as_str()),
            Spec::Id(id) => package.id.repr == *id,
        }
    }

    pub fn is_glob(&self) -> bool {
        matches!(self, Spec::Glob { .. })
    }

    pub fn text(&self) -> String {
        match self {
            Spec::Name {
                name,
                version: None,
            } => name.clone(),
            Spec::Name {
                name,
                version: Some(v),
            } => {
                let mut text = format!("{name}@{}", v.major);
                for part in [v.minor, v.patch].into_iter().flatten() {
                    text.push_str(&format!(".{part}"));
                }
                if let Some(pre) = &v.pre {
                    text.push_str(&format!("-{pre}"));
                }
                text
            }
            Spec::Glob { text, .. } => text.clone(),
            Spec::Id(id) => id.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_versions_compare_the_parts_they_give() {
        let version = Version::parse("1.2.3").expect("version");
        for (spec, matches) in [
            ("1", true),
            ("1.2", true),
            ("1.2.3", true),
            ("1.3", false),
            ("2", false),
            ("1.2.3-beta", false),
        ] {
            let partial = PartialVersion::parse(spec).expect(spec);
            assert_eq!(partial.matches(&version), matches, "{spec}");
        }
        let beta = Version::parse("1.2.3-beta.1").expect("version");
        assert!(
            PartialVersion::parse("1.2.3-beta.1")
                .expect("pre")
                .matches(&beta)
        );
        assert!(PartialVersion::parse("1.x").is_none());
        assert!(PartialVersion::parse("1.2-beta").is_none());
    }

    #[test]
    fn specs_are_names_versions_globs_or_ids() {
        assert!(matches!(
            Spec::parse("budget@0.1").expect("spec"),
            Spec::Name {
                version: Some(_),
                ..
            }
        ));
        assert!(Spec::parse("crate-*").expect("glob").is_glob());
        assert!(matches!(
            Spec::parse("path+file:///w#x@0.1.0").expect("id"),
            Spec::Id(_)
        ));
        assert!(Spec::parse("x@one").is_err());
        assert!(Spec::parse("@1").is_err());
        assert_eq!(Spec::parse("x@1.2").expect("spec").text(), "x@1.2");
    }
}
