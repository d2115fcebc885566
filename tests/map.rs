//! `cargo budget-lint map` for every fixture is a reviewed snapshot: the
//! pairing and the spend and check counts are what the lints decide on.

mod common;

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn map_of_every_fixture_matches_its_snapshot() {
    let dir = common::repo().join("tests/snapshots/map");
    let bless = std::env::var_os("BLESS").is_some();
    if bless {
        std::fs::create_dir_all(&dir).expect("snapshot dir");
    }
    let mut changed = Vec::new();
    for fixture in common::fixtures() {
        let name = fixture
            .file_name()
            .expect("named")
            .to_string_lossy()
            .into_owned();
        let manifest = fixture.join("Cargo.toml").display().to_string();
        let out = common::run(&["map", "--manifest-path", &manifest]);
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::write(&path, &out.stdout).expect("snapshot written");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != out.stdout {
            changed.push(format!(
                "{name}:\n--- expected\n{expected}--- actual\n{}",
                out.stdout
            ));
        }
    }
    assert!(
        changed.is_empty(),
        "map output changed (review, then BLESS=1):\n{}",
        changed.join("\n")
    );
}
