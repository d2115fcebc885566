//! Typed indices: a field, a struct or a check of the model is named by an
//! id that only indexes the table it came from.

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// An id that indexes one kind of table.
pub trait Id: Copy {
    fn new(index: usize) -> Self;
    fn index(self) -> usize;
}

/// Declares an id type that indexes one kind of [`Table`].
macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u32);

        impl $crate::analysis::model::Id for $name {
            fn new(index: usize) -> Self {
                // The model holds far fewer than 2^32 fields or structs.
                $name(u32::try_from(index).unwrap_or(u32::MAX))
            }

            fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

pub(crate) use id;

id!(
    /// A field: an index into `Model::fields` and `Model::uses`.
    FieldId
);
id!(
    /// A struct: an index into `Model::structs`.
    StructId
);

/// A vector indexed by one kind of id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<I, T> {
    items: Vec<T>,
    id: PhantomData<fn(I)>,
}

impl<I, T> Default for Table<I, T> {
    fn default() -> Self {
        Table {
            items: Vec::new(),
            id: PhantomData,
        }
    }
}

impl<I: Id, T> Table<I, T> {
    /// Adds an item and returns its id.
    pub fn push(&mut self, item: T) -> I {
        let id = I::new(self.items.len());
        self.items.push(item);
        id
    }

    /// The id the next pushed item gets.
    pub fn next_id(&self) -> I {
        I::new(self.items.len())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = I> + use<I, T> {
        (0..self.items.len()).map(I::new)
    }

    /// Every item with its id, in order.
    pub fn enumerate(&self) -> impl DoubleEndedIterator<Item = (I, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, item)| (I::new(i), item))
    }

    /// The items in the order of their ids.
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    pub fn get(&self, id: I) -> Option<&T> {
        self.items.get(id.index())
    }

    pub fn get_mut(&mut self, id: I) -> Option<&mut T> {
        self.items.get_mut(id.index())
    }

    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }

    /// Grows or shrinks to `len` items, new ones `value`.
    pub fn resize(&mut self, len: usize, value: T)
    where
        T: Clone,
    {
        self.items.resize(len, value);
    }
}

impl<I, T> FromIterator<T> for Table<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(items: It) -> Self {
        Table {
            items: items.into_iter().collect(),
            id: PhantomData,
        }
    }
}

impl<I, T> IntoIterator for Table<I, T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, I, T> IntoIterator for &'a mut Table<I, T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}

impl<'a, I, T> IntoIterator for &'a Table<I, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<I: Id, T> Index<I> for Table<I, T> {
    type Output = T;

    fn index(&self, id: I) -> &T {
        &self.items[id.index()]
    }
}

impl<I: Id, T> IndexMut<I> for Table<I, T> {
    fn index_mut(&mut self, id: I) -> &mut T {
        &mut self.items[id.index()]
    }
}
