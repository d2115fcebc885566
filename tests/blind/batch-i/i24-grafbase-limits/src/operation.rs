use std::collections::HashMap;

/// A position in the query text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone)]
pub struct Positioned<T> {
    pub pos: Pos,
    pub node: T,
}

#[derive(Debug, Clone, Default)]
pub struct SelectionSet {
    pub items: Vec<Positioned<Selection>>,
}

#[derive(Debug, Clone)]
pub enum Selection {
    Field(Positioned<Field>),
    FragmentSpread(Positioned<FragmentSpread>),
    InlineFragment(Positioned<InlineFragment>),
}

#[derive(Debug, Clone)]
pub struct Field {
    pub alias: Option<String>,
    pub name: String,
    pub selection_set: Positioned<SelectionSet>,
}

#[derive(Debug, Clone)]
pub struct FragmentSpread {
    pub fragment_name: Positioned<String>,
}

#[derive(Debug, Clone)]
pub struct InlineFragment {
    pub type_condition: Option<String>,
    pub selection_set: Positioned<SelectionSet>,
}

#[derive(Debug, Clone)]
pub struct FragmentDefinition {
    pub selection_set: Positioned<SelectionSet>,
}

#[derive(Debug, Clone)]
pub struct OperationDefinition {
    pub selection_set: Positioned<SelectionSet>,
}

pub struct ParsedOperation {
    pub definition: OperationDefinition,
    pub fragments: HashMap<String, FragmentDefinition>,
}
