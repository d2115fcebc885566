//! Data size checks during evaluation.

use crate::{Dynamic, Engine, Position, RhaiResultOf, ERR};
use std::num::NonZeroUsize;

impl Engine {
    /// Recursively calculate the sizes of a value.
    pub(crate) fn calc_data_sizes(value: &Dynamic, _top: bool) -> (usize, usize, usize) {
        match value {
            Dynamic::Array(arr) => arr.iter().fold((0, 0, 0), |(arrays, maps, strings), value| match value {
                Dynamic::Array(..) | Dynamic::Map(..) => {
                    let (a, m, s) = Self::calc_data_sizes(value, false);
                    (arrays + a + 1, maps + m, strings + s)
                }
                Dynamic::Blob(a) => (arrays + 1 + a.len(), maps, strings),
                Dynamic::Str(s) => (arrays + 1, maps, strings + s.len()),
                _ => (arrays + 1, maps, strings),
            }),
            Dynamic::Blob(arr) => (arr.len(), 0, 0),
            Dynamic::Map(map) => map.values().fold((0, 0, 0), |(arrays, maps, strings), value| match value {
                Dynamic::Array(..) | Dynamic::Map(..) => {
                    let (a, m, s) = Self::calc_data_sizes(value, false);
                    (arrays + a, maps + m + 1, strings + s)
                }
                Dynamic::Blob(a) => (arrays + a.len(), maps, strings),
                Dynamic::Str(s) => (arrays, maps + 1, strings + s.len()),
                _ => (arrays, maps + 1, strings),
            }),
            Dynamic::Str(s) => (0, 0, s.len()),
            _ => (0, 0, 0),
        }
    }

    /// Is there a data size limit set?
    pub(crate) fn has_data_size_limit(&self) -> bool {
        self.limits.max_string_size.is_some()
            || self.limits.max_array_size.is_some()
            || self.limits.max_map_size.is_some()
    }

    /// Raise an error if any data size exceeds limit.
    pub(crate) fn raise_err_if_over_data_size_limit(
        &self,
        sizes: (usize, usize, usize),
        pos: Position,
    ) -> RhaiResultOf<()> {
        let (_arr, _map, s) = sizes;

        if s > self
            .limits
            .max_string_size
            .map_or(usize::MAX, NonZeroUsize::get)
        {
            return Err(ERR::ErrorDataTooLarge("Length of string".to_string(), pos).into());
        }

        if _arr
            > self
                .limits
                .max_array_size
                .map_or(usize::MAX, NonZeroUsize::get)
        {
            return Err(ERR::ErrorDataTooLarge("Size of array".to_string(), pos).into());
        }

        if _map
            > self
                .limits
                .max_map_size
                .map_or(usize::MAX, NonZeroUsize::get)
        {
            return Err(ERR::ErrorDataTooLarge("Size of object map".to_string(), pos).into());
        }

        Ok(())
    }

    /// Check whether the size of a [`Dynamic`] is within limits.
    pub(crate) fn check_data_size(&self, value: &Dynamic, pos: Position) -> RhaiResultOf<()> {
        // If no data size limits, just return
        if !self.has_data_size_limit() {
            return Ok(());
        }

        let sizes = Self::calc_data_sizes(value, true);

        self.raise_err_if_over_data_size_limit(sizes, pos)
    }

    /// Raise an error if the size of a [`Dynamic`] is out of limits (if any).
    #[inline(always)]
    pub fn ensure_data_size_within_limits(&self, value: &Dynamic) -> RhaiResultOf<()> {
        self.check_data_size(value, Position::NONE)
    }

    /// Check if the number of operations stay within limit.
    pub(crate) fn inc_operations(
        &self,
        num_operations: &mut u64,
        pos: Position,
    ) -> RhaiResultOf<()> {
        *num_operations += 1;

        // Guard against too many operations
        if self.max_operations() > 0 && *num_operations > self.max_operations() {
            return Err(ERR::ErrorTooManyOperations(pos).into());
        }

        // Report progress - only in steps
        if let Some(ref progress) = self.progress {
            if let Some(token) = progress(*num_operations) {
                // Terminate script if progress returns a termination token
                return Err(ERR::ErrorTerminated(token, pos).into());
            }
        }

        Ok(())
    }
}
