//! BL007: a limit the crate never reads, in data that leaves it (a request
//! or response body) or in a public field of a library's public struct:
//! whoever receives or fills it may read it, so the claim is weak.

use crate::analysis::model::Model;
use crate::diagnostic::Finding;

use super::demand::{Demand, Tier};
use super::limit_never_read;

/// What the pass reads: what BL003's does.
pub(super) fn demand(model: &Model, tier: Tier, demand: &mut Demand) {
    limit_never_read::demand(model, tier, demand);
}

pub(super) fn run(model: &Model) -> Vec<Finding> {
    limit_never_read::unread_limits(model, true)
}
