//! Schema migration runner.
//!
//! Each pending migration runs in its own transaction. Timeouts are set on
//! the session, so the database server cancels a statement that runs too
//! long or waits too long for a lock.

mod config;

pub use config::RunnerConfig;

/// The database side, implemented over the driver in use.
pub trait Session {
    fn execute(&mut self, sql: &str) -> Result<(), String>;
    fn applied_versions(&mut self) -> Result<Vec<u32>, String>;
}

#[derive(Debug, Clone)]
pub struct Migration {
    pub version: u32,
    pub name: String,
    pub sql: String,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Report {
    pub applied: Vec<u32>,
    pub remaining: usize,
}

pub struct Runner<S> {
    session: S,
    config: RunnerConfig,
}

impl<S: Session> Runner<S> {
    pub fn new(session: S, config: RunnerConfig) -> Self {
        Runner { session, config }
    }

    fn prepare_session(&mut self) -> Result<(), String> {
        let stmt = self.config.statement_timeout.as_millis();
        let lock = self.config.lock_timeout.as_millis();
        self.session.execute(&format!("SET statement_timeout = '{stmt}ms'"))?;
        self.session.execute(&format!("SET lock_timeout = '{lock}ms'"))
    }

    /// Applies pending migrations in version order, at most `max_steps` of
    /// them when set (`migrate up --steps N`).
    pub fn up(&mut self, mut migrations: Vec<Migration>) -> Result<Report, String> {
        self.prepare_session()?;
        let done = self.session.applied_versions()?;
        migrations.retain(|m| !done.contains(&m.version));
        migrations.sort_by_key(|m| m.version);

        let steps = self.config.max_steps.unwrap_or(usize::MAX);
        let mut applied = Vec::new();
        for m in migrations.iter().take(steps) {
            self.session.execute("BEGIN")?;
            let result = self.session.execute(&m.sql).and_then(|_| {
                self.session
                    .execute(&format!("INSERT INTO schema_migrations (version) VALUES ({})", m.version))
            });
            match result {
                Ok(()) => {
                    self.session.execute("COMMIT")?;
                    applied.push(m.version);
                }
                Err(e) => {
                    self.session.execute("ROLLBACK")?;
                    return Err(format!("migration {} ({}) failed: {e}", m.version, m.name));
                }
            }
        }
        let remaining = migrations.len() - applied.len();
        Ok(Report { applied, remaining })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[derive(Default)]
    struct Log(Vec<String>);

    impl Session for Log {
        fn execute(&mut self, sql: &str) -> Result<(), String> {
            self.0.push(sql.to_string());
            Ok(())
        }
        fn applied_versions(&mut self) -> Result<Vec<u32>, String> {
            Ok(vec![1])
        }
    }

    fn m(v: u32) -> Migration {
        Migration { version: v, name: format!("m{v}"), sql: format!("CREATE TABLE t{v} ()") }
    }

    #[test]
    fn sets_timeouts_and_honours_steps() {
        let cfg = RunnerConfig { statement_timeout: Duration::from_secs(5), max_steps: Some(1), ..RunnerConfig::default() };
        let mut r = Runner::new(Log::default(), cfg);
        let report = r.up(vec![m(3), m(1), m(2)]).unwrap();
        assert_eq!(report, Report { applied: vec![2], remaining: 1 });
        assert_eq!(r.session.0[0], "SET statement_timeout = '5000ms'");
    }
}
