//! Typed indices for the resolver's arrays, in place of a `u32::MAX`
//! sentinel for "none": a [`UnitIx`] names a unit of the resolver, an
//! [`OrderIx`] an order of the phase, and "none" is `Option::None`.
//!
//! Each is a `NonZeroU32` holding the index plus one, so an `Option` of one
//! takes four bytes, as the plain `u32` it replaces did, and the resolver's
//! lists (a first entry per head, a next entry per unit) stay as compact.

use std::num::NonZeroU32;

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub(crate) struct $name(NonZeroU32);

        impl $name {
            /// The id of index `i` (below `u32::MAX`: the resolver's arrays
            /// are far shorter).
            #[inline]
            pub(crate) fn new(i: usize) -> Self {
                let plus_one = u32::try_from(i).ok().and_then(|x| x.checked_add(1)).and_then(NonZeroU32::new);
                Self(plus_one.expect("an index below u32::MAX"))
            }

            /// The index it names.
            #[inline]
            pub(crate) fn ix(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }
    };
}

index_type!(
    /// A unit of the resolver: an index into its `units` and every array
    /// kept a unit.
    UnitIx
);

index_type!(
    /// An order of the phase: an index into the orders as given.
    OrderIx
);

/// The units of a list kept as a first unit and a next unit for each unit
/// (`next`), in list order. For loops that do not change the resolver; a
/// loop that resolves decisions as it goes steps through `next` itself.
#[inline]
pub(crate) fn chain(first: Option<UnitIx>, next: &[Option<UnitIx>]) -> impl Iterator<Item = UnitIx> + '_ {
    std::iter::successors(first, move |u| next[u.ix()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_optional_id_is_as_small_as_the_sentinel_it_replaces() {
        assert_eq!(std::mem::size_of::<Option<UnitIx>>(), 4);
        assert_eq!(std::mem::size_of::<Option<OrderIx>>(), 4);
    }

    #[test]
    fn ids_name_their_index_and_keep_its_order() {
        for i in [0usize, 1, 7, 1_000, u32::MAX as usize - 1] {
            assert_eq!(UnitIx::new(i).ix(), i);
        }
        assert!(UnitIx::new(3) < UnitIx::new(4));
        assert!(OrderIx::new(0) < OrderIx::new(1));
    }

    #[test]
    #[should_panic(expected = "below u32::MAX")]
    fn the_index_u32_max_has_no_id() {
        let _ = UnitIx::new(u32::MAX as usize);
    }

    #[test]
    fn a_chain_follows_next_to_its_end() {
        // 2 -> 0 -> 3, and 1 on no list
        let next = [Some(UnitIx::new(3)), None, Some(UnitIx::new(0)), None];
        let got: Vec<usize> = chain(Some(UnitIx::new(2)), &next).map(UnitIx::ix).collect();
        assert_eq!(got, vec![2, 0, 3]);
        assert_eq!(chain(None, &next).count(), 0);
    }
}
