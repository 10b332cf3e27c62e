//! The resolver's side of 1885 landings (docs/RULES1885.md E10, E11): an
//! A/F's army landing is a unit of the resolver whose move goes like a
//! convoyed army's; `super::super::ferry` decides which landings run.

use super::{Landing, Resolver};

impl Resolver<'_> {
    /// Whether unit `i` is an A/F's army landing (1885).
    #[inline]
    pub(super) fn landing(&self, i: usize) -> bool {
        !self.land.is_empty() && self.land[i].is_some()
    }

    /// Whether unit `i` is an army landing from its fleet's destination
    /// (1885, E11), or from its space while its fleet sails into the Box
    /// ([`Landing::Away`]): the layer asks this only where the fleet's move
    /// succeeds, so the army is not in its space at the end whatever
    /// becomes of its landing: it neither defends the space nor falls with it.
    #[inline]
    pub(super) fn ghost(&self, i: usize) -> bool {
        !self.land.is_empty() && matches!(self.land[i], Some(Landing::Away | Landing::FromFleet(_)))
    }
}
