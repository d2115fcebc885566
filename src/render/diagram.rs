//! Wiring diagrams: for each budget, the sites that spend the counter and
//! the checks that read it (spend → counter ← check, each check also
//! against the limit), and where a finding says an edge is missing (a
//! parallel tracker that never reaches the counter, a limit nothing
//! compares it with), that edge dashed and red. Drawn as Mermaid, which
//! GitHub renders in Markdown, or as Graphviz DOT.

use super::wiring::{Missing, Wiring};
use crate::Report;
use crate::analysis::facts::Span;

/// How many sites of one kind a budget shows; the rest are counted.
const MAX_SITES: usize = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Counter,
    Limit,
    Site,
}

#[derive(Debug)]
struct Node {
    id: String,
    label: String,
    shape: Shape,
}

#[derive(Debug)]
struct Edge {
    from: String,
    to: String,
    label: &'static str,
    /// The edge a finding says is missing: dashed and red.
    missing: bool,
}

/// One budget's part of a diagram.
#[derive(Debug)]
struct Cluster {
    id: String,
    label: String,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
}

/// A diagram: a cluster per budget.
#[derive(Debug)]
pub struct Diagram {
    clusters: Vec<Cluster>,
}

fn site(report: &Report, kind: &str, span: Span) -> String {
    let file = report.db.get(span.file);
    format!("{kind} {}:{}", file.display, file.location(span.start).line)
}

/// Adds a node per site (up to `MAX_SITES`, then one that counts the
/// rest), each with an edge to `to`.
fn sites(
    report: &Report,
    cluster: &mut Cluster,
    prefix: &str,
    kind: &str,
    spans: &[Span],
    to: &str,
    label: &'static str,
) -> Vec<String> {
    let mut ids = Vec::new();
    for (index, &span) in spans.iter().take(MAX_SITES).enumerate() {
        let id = format!("{}_{prefix}{index}", cluster.id);
        cluster.nodes.push(Node {
            id: id.clone(),
            label: site(report, kind, span),
            shape: Shape::Site,
        });
        ids.push(id);
    }
    if spans.len() > MAX_SITES {
        let id = format!("{}_{prefix}_more", cluster.id);
        cluster.nodes.push(Node {
            id: id.clone(),
            label: format!("{} more {kind} sites", spans.len() - MAX_SITES),
            shape: Shape::Site,
        });
        ids.push(id);
    }
    for id in &ids {
        cluster.edges.push(Edge {
            from: id.clone(),
            to: to.to_string(),
            label,
            missing: false,
        });
    }
    ids
}

fn cluster(report: &Report, index: usize, wiring: &Wiring) -> Cluster {
    let model = &report.model;
    let counter_path = model.field_path(wiring.counter);
    let mut cluster = Cluster {
        id: format!("b{index}"),
        label: counter_path.clone(),
        nodes: Vec::new(),
        edges: Vec::new(),
    };
    let counter = format!("{}_counter", cluster.id);
    cluster.nodes.push(Node {
        id: counter.clone(),
        label: if wiring.countdown {
            format!("{counter_path} (counts down to zero)")
        } else {
            counter_path.clone()
        },
        shape: Shape::Counter,
    });
    let limits: Vec<String> = wiring
        .limits
        .iter()
        .enumerate()
        .map(|(i, &limit)| {
            let id = format!("{}_limit{i}", cluster.id);
            cluster.nodes.push(Node {
                id: id.clone(),
                label: model.field_path(limit),
                shape: Shape::Limit,
            });
            id
        })
        .collect();
    sites(
        report,
        &mut cluster,
        "spend",
        "spend",
        &wiring.spends,
        &counter,
        "spends",
    );
    let checks = sites(
        report,
        &mut cluster,
        "check",
        "check",
        &wiring.checks,
        &counter,
        "reads",
    );
    for check in &checks {
        for limit in &limits {
            cluster.edges.push(Edge {
                from: check.clone(),
                to: limit.clone(),
                label: "against",
                missing: false,
            });
        }
    }
    match wiring.missing {
        Missing::Spend { .. } => {
            for (index, (tracker, spends)) in wiring.trackers.iter().enumerate() {
                let id = format!("{}_tracker{index}", cluster.id);
                cluster.nodes.push(Node {
                    id: id.clone(),
                    label: format!("{} (parallel tracker)", model.field_path(*tracker)),
                    shape: Shape::Counter,
                });
                let prefix = format!("tracker{index}spend");
                sites(
                    report,
                    &mut cluster,
                    &prefix,
                    "spend",
                    spends,
                    &id,
                    "spends",
                );
                cluster.edges.push(Edge {
                    from: id,
                    to: counter.clone(),
                    label: "never connected",
                    missing: true,
                });
            }
        }
        Missing::Check { limit } => {
            let position = wiring.limits.iter().position(|&l| l == limit);
            if let Some(limit) = position.and_then(|i| limits.get(i)) {
                cluster.edges.push(Edge {
                    from: counter.clone(),
                    to: limit.clone(),
                    label: "never compared",
                    missing: true,
                });
            }
        }
        Missing::None => {}
    }
    cluster
}

/// Every budget of the report, with the edges its findings say are
/// missing.
pub fn of_map(report: &Report) -> Diagram {
    let model = &report.model;
    let mut pairings: Vec<_> = model.pairings.iter().collect();
    pairings.sort_by_key(|p| model.fields[p.counter].span);
    let clusters = pairings
        .into_iter()
        .enumerate()
        .map(|(index, pairing)| cluster(report, index, &super::wiring::of_pairing(report, pairing)))
        .collect();
    Diagram { clusters }
}

/// The budgets of the given findings that have a wiring (BL001, BL002),
/// one cluster each.
pub fn of_findings<'a>(
    report: &Report,
    findings: impl Iterator<Item = &'a crate::diagnostic::Finding>,
) -> Diagram {
    let clusters = findings
        .filter_map(|finding| super::wiring::of_finding(report, finding))
        .enumerate()
        .map(|(index, wiring)| cluster(report, index, &wiring))
        .collect();
    Diagram { clusters }
}

impl Diagram {
    pub fn is_empty(&self) -> bool {
        self.clusters.is_empty()
    }

    /// A Mermaid flowchart, a subgraph per budget.
    pub fn mermaid(&self) -> String {
        let mut out = String::from("flowchart LR\n");
        let mut missing = Vec::new();
        let mut edge_index = 0;
        for cluster in &self.clusters {
            out.push_str(&format!(
                "  subgraph {}[\"{}\"]\n",
                cluster.id,
                mermaid_text(&cluster.label)
            ));
            for node in &cluster.nodes {
                let label = mermaid_text(&node.label);
                let shaped = match node.shape {
                    Shape::Counter => format!("([\"{label}\"])"),
                    Shape::Limit => format!("{{{{\"{label}\"}}}}"),
                    Shape::Site => format!("[\"{label}\"]"),
                };
                out.push_str(&format!("    {}{shaped}\n", node.id));
            }
            for edge in &cluster.edges {
                let arrow = if edge.missing { "-.->" } else { "-->" };
                out.push_str(&format!(
                    "    {} {arrow}|{}| {}\n",
                    edge.from, edge.label, edge.to
                ));
                if edge.missing {
                    missing.push(edge_index);
                }
                edge_index += 1;
            }
            out.push_str("  end\n");
        }
        if !missing.is_empty() {
            let indices: Vec<String> = missing.iter().map(usize::to_string).collect();
            out.push_str(&format!(
                "  linkStyle {} stroke:#d1242f,stroke-width:2px,color:#d1242f\n",
                indices.join(",")
            ));
        }
        out
    }

    /// A Graphviz digraph, a cluster per budget.
    pub fn dot(&self) -> String {
        let mut out = String::from(
            "digraph budgets {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n",
        );
        for cluster in &self.clusters {
            out.push_str(&format!(
                "  subgraph cluster_{} {{\n    label=\"{}\";\n",
                cluster.id,
                dot_text(&cluster.label)
            ));
            for node in &cluster.nodes {
                let style = match node.shape {
                    Shape::Counter => "shape=box, style=\"rounded,bold\"",
                    Shape::Limit => "shape=hexagon",
                    Shape::Site => "shape=note",
                };
                out.push_str(&format!(
                    "    {} [label=\"{}\", {style}];\n",
                    node.id,
                    dot_text(&node.label)
                ));
            }
            for edge in &cluster.edges {
                let style = if edge.missing {
                    ", style=dashed, color=red, fontcolor=red, penwidth=2"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "    {} -> {} [label=\"{}\"{style}];\n",
                    edge.from, edge.to, edge.label
                ));
            }
            out.push_str("  }\n");
        }
        out.push_str("}\n");
        out
    }
}

/// Text for a quoted Mermaid label: quotes and angle brackets as Mermaid's
/// entity codes.
fn mermaid_text(text: &str) -> String {
    text.replace('#', "#35;")
        .replace('"', "#quot;")
        .replace('<', "#lt;")
        .replace('>', "#gt;")
}

/// Text for a quoted DOT string.
fn dot_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped_for_each_language() {
        assert_eq!(
            mermaid_text("a \"b\" <c> #1"),
            "a #quot;b#quot; #lt;c#gt; #35;1"
        );
        assert_eq!(dot_text("a \"b\" \\"), "a \\\"b\\\" \\\\");
    }
}
