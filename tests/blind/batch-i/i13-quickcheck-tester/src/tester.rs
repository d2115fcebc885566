use std::cmp;
use std::env;
use std::fmt::Debug;
use std::panic;

use crate::gen::{Arbitrary, Gen};

/// The main QuickCheck type for setting configuration and running QuickCheck.
pub struct QuickCheck {
    tests: u64,
    max_tests: u64,
    min_tests_passed: u64,
    gen: Gen,
}

fn qc_tests() -> u64 {
    let default = 100;
    match env::var("QUICKCHECK_TESTS") {
        Ok(val) => val.parse().unwrap_or(default),
        Err(_) => default,
    }
}

fn qc_max_tests() -> u64 {
    let default = 10_000;
    match env::var("QUICKCHECK_MAX_TESTS") {
        Ok(val) => val.parse().unwrap_or(default),
        Err(_) => default,
    }
}

fn qc_gen_size() -> usize {
    let default = 100;
    match env::var("QUICKCHECK_GENERATOR_SIZE") {
        Ok(val) => val.parse().unwrap_or(default),
        Err(_) => default,
    }
}

fn qc_min_tests_passed() -> u64 {
    let default = 0;
    match env::var("QUICKCHECK_MIN_TESTS_PASSED") {
        Ok(val) => val.parse().unwrap_or(default),
        Err(_) => default,
    }
}

impl Default for QuickCheck {
    fn default() -> Self {
        Self::new()
    }
}

impl QuickCheck {
    /// Creates a new QuickCheck value.
    ///
    /// By default, the maximum number of passed tests is set to `100`, the max
    /// number of overall tests is set to `10000` and the generator is created
    /// with a size of `100`.
    pub fn new() -> QuickCheck {
        let gen = Gen::new(qc_gen_size());
        let tests = qc_tests();
        let max_tests = cmp::max(tests, qc_max_tests());
        let min_tests_passed = qc_min_tests_passed();

        QuickCheck { tests, max_tests, min_tests_passed, gen }
    }

    /// Set the random number generator to be used by QuickCheck.
    pub fn gen(self, gen: Gen) -> QuickCheck {
        QuickCheck { gen, ..self }
    }

    /// Set the number of tests to run.
    ///
    /// This actually refers to the maximum number of *passed* tests that
    /// can occur. Namely, if a test causes a failure, future testing on that
    /// property stops. Additionally, if tests are discarded, there may be
    /// fewer than `tests` passed.
    pub fn tests(mut self, tests: u64) -> QuickCheck {
        self.tests = tests;
        self
    }

    /// Set the maximum number of tests to run.
    ///
    /// The number of invocations of a property will never exceed this number.
    /// This is necessary to cap the number of tests because QuickCheck
    /// properties can discard tests.
    pub fn max_tests(mut self, max_tests: u64) -> QuickCheck {
        self.max_tests = max_tests;
        self
    }

    /// Set the minimum number of tests that needs to pass.
    pub fn min_tests_passed(mut self, min_tests_passed: u64) -> QuickCheck {
        self.min_tests_passed = min_tests_passed;
        self
    }

    /// Tests a property and returns the result.
    ///
    /// The result returned is either the number of tests passed or a witness
    /// of failure.
    pub fn quicktest<A>(&mut self, f: A) -> Result<u64, TestResult>
    where
        A: Testable,
    {
        let mut n_tests_passed = 0;
        for _ in 0..self.max_tests {
            if n_tests_passed >= self.tests {
                break;
            }
            match f.result(&mut self.gen) {
                TestResult { status: Status::Pass, .. } => n_tests_passed += 1,
                TestResult { status: Status::Discard, .. } => continue,
                r @ TestResult { status: Status::Fail, .. } => return Err(r),
            }
        }
        Ok(n_tests_passed)
    }

    /// Tests a property and calls `panic!` on failure.
    pub fn quickcheck<A>(&mut self, f: A)
    where
        A: Testable,
    {
        let n_tests_passed = match self.quicktest(f) {
            Ok(n_tests_passed) => n_tests_passed,
            Err(result) => panic!("{}", result.failed_msg()),
        };

        if n_tests_passed >= self.min_tests_passed {
            eprintln!("(Passed {} QuickCheck tests.)", n_tests_passed);
        } else {
            panic!(
                "(Unable to generate enough tests, {} not discarded.)",
                n_tests_passed
            );
        }
    }
}

/// Convenience function for running QuickCheck.
pub fn quickcheck<A: Testable>(f: A) {
    QuickCheck::new().quickcheck(f)
}

/// Describes the status of a single instance of a test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestResult {
    status: Status,
    arguments: Option<Vec<String>>,
    err: Option<String>,
}

/// Whether a test has passed, failed or been discarded.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Pass,
    Fail,
    Discard,
}

impl TestResult {
    pub fn passed() -> TestResult {
        TestResult::from_bool(true)
    }

    pub fn failed() -> TestResult {
        TestResult::from_bool(false)
    }

    pub fn error<S: Into<String>>(msg: S) -> TestResult {
        let mut r = TestResult::from_bool(false);
        r.err = Some(msg.into());
        r
    }

    /// Produces a test result that instructs `quickcheck` to ignore it.
    pub fn discard() -> TestResult {
        TestResult { status: Status::Discard, arguments: None, err: None }
    }

    pub fn from_bool(b: bool) -> TestResult {
        TestResult {
            status: if b { Status::Pass } else { Status::Fail },
            arguments: None,
            err: None,
        }
    }

    pub fn is_failure(&self) -> bool {
        matches!(self.status, Status::Fail)
    }

    fn failed_msg(&self) -> String {
        let arguments_msg = match self.arguments {
            None => "No Arguments Provided".to_owned(),
            Some(ref args) => format!("Arguments: ({})", args.join(", ")),
        };
        match self.err {
            None => format!("[quickcheck] TEST FAILED. {arguments_msg}"),
            Some(ref err) => format!(
                "[quickcheck] TEST FAILED (runtime error). {arguments_msg}\nError: {err}"
            ),
        }
    }
}

/// `Testable` describes types (e.g., a function) whose values can be tested.
pub trait Testable: 'static {
    fn result(&self, _: &mut Gen) -> TestResult;
}

impl Testable for bool {
    fn result(&self, _: &mut Gen) -> TestResult {
        TestResult::from_bool(*self)
    }
}

impl Testable for TestResult {
    fn result(&self, _: &mut Gen) -> TestResult {
        self.clone()
    }
}

impl<T: Testable, A: Arbitrary + Debug> Testable for fn(A) -> T {
    fn result(&self, g: &mut Gen) -> TestResult {
        fn shrink_failure<T: Testable, A: Arbitrary + Debug>(
            g: &mut Gen,
            self_: fn(A) -> T,
            a: A,
        ) -> Option<TestResult> {
            for t in a.shrink() {
                let arg = t.clone();
                let mut r_new = safe(move || self_(arg)).result(g);
                if r_new.is_failure() {
                    r_new.arguments = Some(vec![format!("{:?}", t)]);
                    // The shrunk value *does* witness a failure, so keep
                    // trying to shrink it.
                    let shrunk = shrink_failure(g, self_, t);
                    return Some(shrunk.unwrap_or(r_new));
                }
            }
            None
        }

        let self_ = *self;
        let a = A::arbitrary(g);
        let arg = a.clone();
        let mut r = safe(move || self_(arg)).result(g);
        match r.status {
            Status::Pass | Status::Discard => r,
            Status::Fail => {
                r.arguments = Some(vec![format!("{:?}", a)]);
                shrink_failure(g, self_, a).unwrap_or(r)
            }
        }
    }
}

impl<A: Testable, E: Debug + 'static> Testable for Result<A, E> {
    fn result(&self, g: &mut Gen) -> TestResult {
        match *self {
            Ok(ref r) => r.result(g),
            Err(ref err) => TestResult::error(format!("{err:?}")),
        }
    }
}

fn safe<T, F>(fun: F) -> Result<T, String>
where
    F: FnOnce() -> T,
    F: 'static,
    T: 'static,
{
    panic::catch_unwind(panic::AssertUnwindSafe(fun)).map_err(|any_err| {
        if let Some(&s) = any_err.downcast_ref::<&str>() {
            s.to_owned()
        } else if let Some(s) = any_err.downcast_ref::<String>() {
            s.to_owned()
        } else {
            "UNABLE TO SHOW RESULT OF PANIC.".to_owned()
        }
    })
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn discards_are_capped_by_max_tests() {
        fn always_discard(_: u32) -> TestResult {
            TestResult::discard()
        }
        let passed = QuickCheck::new()
            .tests(10)
            .max_tests(50)
            .quicktest(always_discard as fn(u32) -> TestResult)
            .unwrap();
        assert_eq!(passed, 0);
    }

    #[test]
    fn finds_failures() {
        fn thetest(vals: Vec<bool>) -> bool {
            vals.iter().filter(|&v| *v).count() < 2
        }
        let failing_case = QuickCheck::new()
            .gen(Gen::new(20))
            .quicktest(thetest as fn(Vec<bool>) -> bool);
        assert!(failing_case.is_err());
    }
}
