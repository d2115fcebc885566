use std::fmt;

use crate::config::OperationLimits;
use crate::operation::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BindError {
    QueryContainsTooManyRootFields { count: usize, location: Pos },
    QueryTooComplex { complexity: usize, location: Pos },
    QueryContainsTooManyAliases { count: usize, location: Pos },
    QueryTooDeep { depth: usize, location: Pos },
    FragmentCycle { cycle: Vec<String>, location: Pos },
    UnknownFragment { name: String, location: Pos },
}

impl fmt::Display for BindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BindError::QueryContainsTooManyRootFields { count, .. } => {
                write!(f, "Query contains too many root fields ({count})")
            }
            BindError::QueryTooComplex { complexity, .. } => write!(f, "Query is too complex ({complexity})"),
            BindError::QueryContainsTooManyAliases { count, .. } => {
                write!(f, "Query contains too many aliases ({count})")
            }
            BindError::QueryTooDeep { depth, .. } => write!(f, "Query is nested too deep ({depth})"),
            BindError::FragmentCycle { cycle, .. } => write!(f, "Fragment cycle detected: {}", cycle.join(", ")),
            BindError::UnknownFragment { name, .. } => write!(f, "Unknown fragment named '{name}'"),
        }
    }
}

pub type BindResult<T> = Result<T, BindError>;

pub fn validate_parsed_operation(operation: &ParsedOperation, limits: &OperationLimits) -> BindResult<()> {
    Visitor {
        operation,
        current_fragments_stack: Vec::new(),
        root_fields: 0,
        max_root_fields: limits.root_fields.map(|v| v.get().into()).unwrap_or(usize::MAX),
        current_depth: 0,
        max_depth: limits.depth.map(|v| v.get().into()).unwrap_or(usize::MAX),
        aliases_count: 0,
        max_aliases_count: limits.aliases.map(|v| v.get().into()).unwrap_or(usize::MAX),
        complexity: 0,
        max_complexity: limits.complexity.map(|v| v.get().into()).unwrap_or(usize::MAX),
    }
    .visit_selection_set(&operation.definition.selection_set)
}

struct Visitor<'p> {
    operation: &'p ParsedOperation,
    current_fragments_stack: Vec<&'p str>,
    root_fields: usize,
    max_root_fields: usize,
    current_depth: usize,
    max_depth: usize,
    aliases_count: usize,
    max_aliases_count: usize,
    complexity: usize,
    max_complexity: usize,
}

impl<'p> Visitor<'p> {
    fn visit_selection_set(&mut self, selection_set: &'p Positioned<SelectionSet>) -> BindResult<()> {
        for item in &selection_set.node.items {
            match &item.node {
                Selection::Field(field) => {
                    self.root_fields += (self.current_depth == 0) as usize;
                    if self.root_fields > self.max_root_fields {
                        return Err(BindError::QueryContainsTooManyRootFields {
                            count: self.root_fields,
                            location: selection_set.pos,
                        });
                    }
                    self.complexity += 1;
                    if self.complexity > self.max_complexity {
                        return Err(BindError::QueryTooComplex {
                            complexity: self.complexity,
                            location: selection_set.pos,
                        });
                    }
                    self.visit_field(field)?;
                }
                Selection::FragmentSpread(fragment_spread) => {
                    self.visit_fragment_spread(fragment_spread)?;
                }
                Selection::InlineFragment(inline_fragment) => {
                    self.visit_inline_fragment(inline_fragment)?;
                }
            }
        }

        Ok(())
    }

    fn visit_field(&mut self, field: &'p Positioned<Field>) -> BindResult<()> {
        self.aliases_count += field.node.alias.is_some() as usize;
        if self.aliases_count > self.max_aliases_count {
            return Err(BindError::QueryContainsTooManyAliases {
                count: self.aliases_count,
                location: field.pos,
            });
        }
        self.current_depth += 1;
        if self.current_depth > self.max_depth {
            return Err(BindError::QueryTooDeep {
                depth: self.current_depth,
                location: field.node.selection_set.pos,
            });
        }

        self.visit_selection_set(&field.node.selection_set)?;
        self.current_depth -= 1;

        Ok(())
    }

    fn visit_fragment_spread(&mut self, fragment_spread: &'p Positioned<FragmentSpread>) -> BindResult<()> {
        let fragment_name = &fragment_spread.node.fragment_name.node;
        if self.current_fragments_stack.contains(&fragment_name.as_str()) {
            self.current_fragments_stack.push(fragment_name.as_str());
            return Err(BindError::FragmentCycle {
                cycle: std::mem::take(&mut self.current_fragments_stack)
                    .into_iter()
                    .map(str::to_string)
                    .collect(),
                location: fragment_spread.pos,
            });
        }
        let Some(fragment) = self.operation.fragments.get(fragment_name) else {
            return Err(BindError::UnknownFragment {
                name: fragment_name.to_string(),
                location: fragment_spread.pos,
            });
        };

        self.current_fragments_stack.push(fragment_name.as_str());
        self.visit_selection_set(&fragment.selection_set)?;
        self.current_fragments_stack.pop();

        Ok(())
    }

    fn visit_inline_fragment(&mut self, inline_fragment: &'p Positioned<InlineFragment>) -> BindResult<()> {
        self.visit_selection_set(&inline_fragment.node.selection_set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn field(alias: Option<&str>, name: &str, children: Vec<Positioned<Selection>>) -> Positioned<Selection> {
        Positioned {
            pos: Pos::default(),
            node: Selection::Field(Positioned {
                pos: Pos::default(),
                node: Field {
                    alias: alias.map(str::to_string),
                    name: name.to_string(),
                    selection_set: Positioned { pos: Pos::default(), node: SelectionSet { items: children } },
                },
            }),
        }
    }

    fn op(items: Vec<Positioned<Selection>>) -> ParsedOperation {
        ParsedOperation {
            definition: OperationDefinition {
                selection_set: Positioned { pos: Pos::default(), node: SelectionSet { items } },
            },
            fragments: HashMap::new(),
        }
    }

    #[test]
    fn alias_limit() {
        let limits = OperationLimits::from_table("aliases = 1").unwrap();
        let operation = op(vec![field(Some("a"), "me", vec![]), field(Some("b"), "me", vec![])]);
        assert!(matches!(
            validate_parsed_operation(&operation, &limits),
            Err(BindError::QueryContainsTooManyAliases { count: 2, .. })
        ));
    }

    #[test]
    fn depth_limit() {
        let limits = OperationLimits::from_table("depth = 2").unwrap();
        let operation = op(vec![field(None, "a", vec![field(None, "b", vec![field(None, "c", vec![])])])]);
        assert!(matches!(
            validate_parsed_operation(&operation, &limits),
            Err(BindError::QueryTooDeep { depth: 3, .. })
        ));
    }
}
