//! A grammar of hostile Rust sources: every expression, type, pattern, item
//! and macro kind nested `n` deep or chained `n` long, each in an otherwise
//! tiny crate whose budget the tool must still analyze.
//!
//! Shared by the `hostile` example (which writes the cases for the bench
//! harness, `bench/hostile.py`) and by `tests/hostile.rs`.

#![allow(dead_code)]

/// One kind of hostile input: `generate(n)` is a whole `lib.rs`.
pub struct Case {
    pub name: &'static str,
    pub generate: fn(usize) -> String,
}

/// The budget every case wires: a check against a counter that the case's
/// own code may or may not spend.
const PRELUDE: &str = "pub struct Budget {\n    pub steps_used: u64,\n    pub max_steps: u64,\n    pub inner: Box<Budget>,\n    pub v: Vec<u64>,\n}\n\npub fn spend(b: &mut Budget) {\n    b.steps_used += 1;\n}\n\n";

fn nest(n: usize, open: &str, leaf: &str, close: &str) -> String {
    let mut text = String::with_capacity(n * (open.len() + close.len()) + leaf.len());
    for _ in 0..n {
        text.push_str(open);
    }
    text.push_str(leaf);
    for _ in 0..n {
        text.push_str(close);
    }
    text
}

fn chain(n: usize, first: &str, link: &str) -> String {
    let mut text = String::with_capacity(first.len() + n * link.len());
    text.push_str(first);
    for _ in 0..n {
        text.push_str(link);
    }
    text
}

fn numbered(n: usize, item: impl Fn(usize) -> String) -> String {
    (0..n).map(item).collect()
}

/// A function over the budget whose body is `body`.
fn function(signature_tail: &str, body: &str) -> String {
    format!("{PRELUDE}pub fn hostile(b: &mut Budget){signature_tail} {{\n{body}\n}}\n")
}

fn check(expr: &str) -> String {
    function(" -> bool", &format!("{expr} >= b.max_steps"))
}

pub const CASES: &[Case] = &[
    // Expressions nested.
    Case {
        name: "expr-paren",
        generate: |n| check(&nest(n, "(", "b.steps_used", ")")),
    },
    Case {
        name: "expr-block",
        generate: |n| check(&format!("({})", nest(n, "{ ", "b.steps_used", " }"))),
    },
    Case {
        name: "expr-unsafe-block",
        generate: |n| check(&format!("({})", nest(n, "unsafe { ", "b.steps_used", " }"))),
    },
    Case {
        name: "expr-call",
        generate: |n| check(&nest(n, "g(", "b.steps_used", ")")),
    },
    Case {
        name: "expr-array",
        generate: |n| {
            function(
                " -> usize",
                &format!("{}.len()", nest(n, "[", "b.steps_used >= b.max_steps", "]")),
            )
        },
    },
    Case {
        name: "expr-tuple",
        generate: |n| {
            function(
                "",
                &format!(
                    "let _t = {};",
                    nest(n, "(", "b.steps_used >= b.max_steps", ",)")
                ),
            )
        },
    },
    Case {
        name: "expr-not",
        generate: |n| {
            function(
                " -> bool",
                &format!("{}(b.steps_used >= b.max_steps)", "!".repeat(n)),
            )
        },
    },
    Case {
        name: "expr-neg",
        generate: |n| check(&format!("{}b.steps_used", "- ".repeat(n))),
    },
    Case {
        name: "expr-deref",
        generate: |n| check(&format!("{}b.steps_used", "*".repeat(n))),
    },
    Case {
        name: "expr-reference",
        generate: |n| check(&format!("{}b.steps_used", "& ".repeat(n))),
    },
    Case {
        name: "expr-closure",
        generate: |n| {
            function(
                "",
                &format!("let _c = {}b.steps_used >= b.max_steps;", "|| ".repeat(n)),
            )
        },
    },
    Case {
        name: "expr-return",
        generate: |n| {
            function(
                " -> bool",
                &format!("{}b.steps_used >= b.max_steps", "return ".repeat(n)),
            )
        },
    },
    Case {
        name: "expr-if",
        generate: |n| {
            function(
                " -> u64",
                &nest(n, "if b.steps_used >= b.max_steps { ", "0", " } else { 1 }"),
            )
        },
    },
    Case {
        name: "expr-match",
        generate: |n| {
            function(
                " -> u64",
                &nest(
                    n,
                    "match b.steps_used >= b.max_steps { true => ",
                    "0",
                    ", false => 1 }",
                ),
            )
        },
    },
    Case {
        name: "expr-loop",
        generate: |n| {
            function(
                "",
                &nest(
                    n,
                    "loop { if b.steps_used >= b.max_steps { break; } ",
                    "spend(b);",
                    " }",
                ),
            )
        },
    },
    Case {
        name: "expr-while",
        generate: |n| {
            function(
                "",
                &nest(n, "while b.steps_used < b.max_steps { ", "spend(b);", " }"),
            )
        },
    },
    Case {
        name: "expr-for",
        generate: |n| {
            function(
                "",
                &nest(n, "for _i in 0..b.max_steps { ", "spend(b);", " }"),
            )
        },
    },
    Case {
        name: "expr-struct",
        generate: |n| {
            function(
                " -> Budget",
                &nest(
                    n,
                    "Budget { steps_used: b.steps_used + 1, max_steps: b.max_steps, v: Vec::new(), inner: Box::new(",
                    "todo!()",
                    ") }",
                ),
            )
        },
    },
    Case {
        name: "expr-assign",
        generate: |n| function("", &format!("{}1;", "b.steps_used = ".repeat(n))),
    },
    // Expressions chained.
    Case {
        name: "expr-else-if",
        generate: |n| {
            function(
                " -> usize",
                &format!(
                    "{} else {{ {n} }}",
                    (0..n)
                        .map(|i| format!("if b.steps_used >= b.max_steps + {i} {{ {i} }}"))
                        .collect::<Vec<_>>()
                        .join(" else ")
                ),
            )
        },
    },
    Case {
        name: "expr-match-arms",
        generate: |n| {
            function(
                " -> usize",
                &format!(
                    "match b.steps_used {{ {} _ => 0 }}",
                    numbered(n, |i| format!(
                        "{i} if b.steps_used >= b.max_steps => {i}, "
                    ))
                ),
            )
        },
    },
    Case {
        name: "expr-field-chain",
        generate: |n| check(&(chain(n, "b", ".inner") + ".steps_used")),
    },
    Case {
        name: "expr-field-chain-write",
        generate: |n| function("", &(chain(n, "b", ".inner") + ".steps_used += 1;")),
    },
    Case {
        name: "expr-method-chain",
        generate: |n| check(&chain(n, "b.steps_used", ".min(b.max_steps)")),
    },
    Case {
        name: "expr-call-method-chain",
        generate: |n| check(&(chain(n, "b", ".next()") + ".steps_used")),
    },
    Case {
        name: "expr-index-chain",
        generate: |n| check(&chain(n, "b.v", "[0]")),
    },
    Case {
        name: "expr-try-chain",
        generate: |n| {
            function(
                " -> Option<bool>",
                &format!("Some({} >= b.max_steps)", chain(n, "b.steps_used", "?")),
            )
        },
    },
    Case {
        name: "expr-await-chain",
        generate: |n| {
            function(
                "",
                &format!(
                    "let _f = async {{ {} }};",
                    chain(n, "b.steps_used", ".await")
                ),
            )
        },
    },
    Case {
        name: "expr-cast-chain",
        generate: |n| check(&format!("({})", chain(n, "b.steps_used", " as u64"))),
    },
    Case {
        name: "expr-sum-chain",
        generate: |n| check(&chain(n, "b.steps_used", " + b.steps_used")),
    },
    Case {
        name: "expr-and-chain",
        generate: |n| {
            function(
                " -> bool",
                &chain(n, "true", " && b.steps_used >= b.max_steps"),
            )
        },
    },
    Case {
        name: "expr-compare-args",
        generate: |n| {
            function(
                " -> u64",
                &format!(
                    "b.steps_used.min({})",
                    chain(n, "b.max_steps", " + b.max_steps")
                ),
            )
        },
    },
    Case {
        name: "expr-let-chain",
        generate: |n| {
            function(
                "",
                &format!(
                    "if {} {{ spend(b); }}",
                    chain(
                        n,
                        "true",
                        " && let Some(_x) = Some(b.steps_used >= b.max_steps)"
                    )
                ),
            )
        },
    },
    Case {
        name: "expr-array-long",
        generate: |n| {
            function(
                " -> usize",
                &format!("[{}].len()", "b.steps_used >= b.max_steps, ".repeat(n)),
            )
        },
    },
    Case {
        name: "expr-struct-fields",
        generate: |n| {
            function(
                " -> usize",
                &format!(
                    "let s = S {{ {} }}; s.len()",
                    numbered(n, |i| format!("f{i}: b.steps_used + {i}, "))
                ),
            )
        },
    },
    Case {
        name: "stmt-locals",
        generate: |n| {
            function(
                " -> bool",
                &format!(
                    "let a0 = b.steps_used;\n{}a{n} >= b.max_steps",
                    numbered(n, |i| format!("let a{} = a{i} + a{i};\n", i + 1))
                ),
            )
        },
    },
    Case {
        name: "stmt-spends",
        generate: |n| function("", &"b.steps_used += 1;\n".repeat(n)),
    },
    Case {
        name: "stmt-checks",
        generate: |n| {
            function(
                "",
                &"if b.steps_used >= b.max_steps { return; }\n".repeat(n),
            )
        },
    },
    Case {
        name: "stmt-shadows",
        generate: |n| {
            function(
                " -> bool",
                &format!(
                    "{}x >= b.max_steps",
                    "let x = &mut *b;\nlet b = &mut *x;\n".repeat(n)
                ),
            )
        },
    },
    // Types.
    Case {
        name: "type-let",
        generate: |n| {
            function(
                "",
                &format!("let _x: {} = None;", nest(n, "Option<", "u64", ">")),
            )
        },
    },
    Case {
        name: "type-field",
        generate: |n| {
            format!(
                "{PRELUDE}pub struct Deep {{\n    pub steps_used: {},\n    pub max_steps: u64,\n}}\n\npub fn over(d: &Deep) -> bool {{ d.max_steps > 0 }}\n",
                nest(n, "Option<", "u64", ">")
            )
        },
    },
    Case {
        name: "type-param",
        generate: |n| {
            format!(
                "{PRELUDE}pub fn p(b: &Budget, _x: {}) -> bool {{ b.steps_used >= b.max_steps }}\n",
                nest(n, "Vec<", "u8", ">")
            )
        },
    },
    Case {
        name: "type-return",
        generate: |n| {
            format!(
                "{PRELUDE}pub fn r(b: &Budget) -> {} {{ todo!() }}\n",
                nest(n, "Box<", "u8", ">")
            )
        },
    },
    Case {
        name: "type-reference",
        generate: |n| function("", &format!("let _x: {}u64;", "& ".repeat(n))),
    },
    Case {
        name: "type-pointer",
        generate: |n| function("", &format!("let _x: {}u64;", "*const ".repeat(n))),
    },
    Case {
        name: "type-tuple",
        generate: |n| function("", &format!("let _x: {};", nest(n, "(", "u64", ",)"))),
    },
    Case {
        name: "type-array",
        generate: |n| function("", &format!("let _x: {};", nest(n, "[", "u64", "; 1]"))),
    },
    Case {
        name: "type-fn-pointer",
        generate: |n| function("", &format!("let _x: {}u64;", "fn() -> ".repeat(n))),
    },
    Case {
        name: "type-dyn",
        generate: |n| {
            function(
                "",
                &format!("let _x: {};", nest(n, "Box<dyn Fn() -> ", "u64", ">")),
            )
        },
    },
    Case {
        name: "type-qself",
        generate: |n| {
            function(
                "",
                &format!("let _x: {};", nest(n, "<", "u64", " as Tr>::T")),
            )
        },
    },
    Case {
        name: "type-generic-args",
        generate: |n| function("", &format!("let _x: Map<{}u64>;", "u64, ".repeat(n))),
    },
    // Patterns.
    Case {
        name: "pat-tuple",
        generate: |n| {
            function(
                "",
                &format!(
                    "let {} = b.steps_used >= b.max_steps;",
                    nest(n, "(", "_x", ",)")
                ),
            )
        },
    },
    Case {
        name: "pat-tuple-struct",
        generate: |n| {
            function(
                "",
                &format!(
                    "let {} = b.steps_used.checked_sub(b.max_steps) else {{ return; }};",
                    nest(n, "Some(", "_x", ")")
                ),
            )
        },
    },
    Case {
        name: "pat-struct",
        generate: |n| {
            function(
                "",
                &format!("let {} = b;", nest(n, "Budget { inner: ", "_x", ", .. }")),
            )
        },
    },
    Case {
        name: "pat-reference",
        generate: |n| function("", &format!("let {}_x = b.steps_used;", "& ".repeat(n))),
    },
    Case {
        name: "pat-slice",
        generate: |n| function("", &format!("let {} = b.v;", nest(n, "[", "_x", "]"))),
    },
    Case {
        name: "pat-binding",
        generate: |n| {
            function(
                "",
                &format!(
                    "let {}_x = b.steps_used;",
                    numbered(n, |i| format!("x{i} @ "))
                ),
            )
        },
    },
    Case {
        name: "pat-or",
        generate: |n| {
            function(
                " -> bool",
                &format!(
                    "match b.steps_used {{ {} => b.steps_used >= b.max_steps, _ => false }}",
                    (0..n)
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(" | ")
                ),
            )
        },
    },
    // Items.
    Case {
        name: "item-mod",
        generate: |n| {
            format!(
                "{PRELUDE}{}",
                nest(
                    n,
                    "mod m { ",
                    "pub fn over(b: &crate::Budget) -> bool { b.steps_used >= b.max_steps }",
                    " }"
                )
            )
        },
    },
    Case {
        name: "item-fn",
        generate: |n| {
            format!(
                "{PRELUDE}{}",
                nest(
                    n,
                    "pub fn f(b: &Budget) -> bool { ",
                    "b.steps_used >= b.max_steps",
                    " }"
                )
            )
        },
    },
    Case {
        name: "item-impl-in-fn",
        generate: |n| {
            format!(
                "{PRELUDE}{}",
                nest(
                    n,
                    "pub fn f() { impl Budget { pub fn g(&self) -> bool { self.steps_used >= self.max_steps } ",
                    "",
                    " } }"
                )
            )
        },
    },
    Case {
        name: "item-const",
        generate: |n| format!("{PRELUDE}{}", nest(n, "const _: () = { ", "()", " };")),
    },
    Case {
        name: "item-cfg-test-mod",
        generate: |n| {
            format!(
                "{PRELUDE}{}",
                nest(
                    n,
                    "#[cfg(test)] mod t { ",
                    "fn t(b: &mut crate::Budget) { b.steps_used += 1; }",
                    " }"
                )
            )
        },
    },
    Case {
        name: "item-attribute",
        generate: |n| {
            format!(
                "{PRELUDE}#[doc = {}]\npub fn f() {{}}\n",
                nest(n, "a(", "b", ")")
            )
        },
    },
    Case {
        name: "item-structs",
        generate: |n| {
            numbered(n, |i| {
                format!(
                    "pub struct B{i} {{\n    pub steps_used: u64,\n    pub max_steps: u64,\n}}\n\npub fn over{i}(b: &B{i}) -> bool {{\n    b.steps_used >= b.max_steps\n}}\n\n"
                )
            })
        },
    },
    Case {
        name: "item-struct-fields",
        generate: |n| {
            format!(
                "{PRELUDE}pub struct Wide {{\n{}}}\n\npub fn over(w: &Wide) -> bool {{ w.f0_used >= w.max_f0 }}\n",
                numbered(n, |i| format!(
                    "    pub f{i}_used: u64,\n    pub max_f{i}: u64,\n"
                ))
            )
        },
    },
    Case {
        name: "item-enum-variants",
        generate: |n| {
            format!(
                "{PRELUDE}pub enum E {{\n{}}}\n",
                numbered(n, |i| format!("    V{i}(u64),\n"))
            )
        },
    },
    Case {
        name: "item-fn-params",
        generate: |n| {
            format!(
                "{PRELUDE}pub fn wide(b: &Budget, {}) -> bool {{ b.steps_used >= b.max_steps }}\n",
                numbered(n, |i| format!("p{i}: u64, "))
            )
        },
    },
    Case {
        name: "item-impl-methods",
        generate: |n| {
            format!(
                "{PRELUDE}impl Budget {{\n{}}}\n",
                numbered(n, |i| format!(
                    "    pub fn over{i}(&self) -> bool {{ self.steps_used >= self.max_steps }}\n"
                ))
            )
        },
    },
    // Macros.
    Case {
        name: "macro-call",
        generate: |n| check(&nest(n, "m!(", "b.steps_used", ")")),
    },
    Case {
        name: "macro-groups",
        generate: |n| {
            function(
                "",
                &format!("m!{{ {} }};", nest(n, "[", "b.steps_used", "]")),
            )
        },
    },
    Case {
        name: "macro-args",
        generate: |n| {
            function(
                "",
                &format!(
                    "assert!({});",
                    chain(n, "b.steps_used < b.max_steps", ", b.steps_used")
                ),
            )
        },
    },
    Case {
        name: "macro-debug-assert",
        generate: |n| {
            function(
                "",
                &format!(
                    "debug_assert!({} < b.max_steps);",
                    nest(n, "(", "b.steps_used", ")")
                ),
            )
        },
    },
    Case {
        name: "macro-rules-repetition",
        generate: |n| {
            format!(
                "{PRELUDE}macro_rules! m {{\n    ($($x:tt)*) => {{ {} }};\n}}\n",
                nest(n, "$(", "$x.steps_used += 1;", ")*")
            )
        },
    },
    Case {
        name: "macro-rules-rules",
        generate: |n| {
            format!(
                "{PRELUDE}macro_rules! m {{\n{}}}\n",
                numbered(n, |i| format!(
                    "    (r{i} $b:expr) => {{ $b.steps_used += {i} }};\n"
                ))
            )
        },
    },
    Case {
        name: "macro-item-body",
        generate: |n| {
            format!(
                "{PRELUDE}m! {{\n{}}}\n",
                "fn f(b: &mut Budget) { b.steps_used += 1; }\n".repeat(n)
            )
        },
    },
    Case {
        name: "macro-tokens",
        generate: |n| {
            function(
                "",
                &format!("m!({});", "@ b . steps_used += 1 ; ".repeat(n)),
            )
        },
    },
];

/// The case named `name`.
pub fn case(name: &str) -> Option<&'static Case> {
    CASES.iter().find(|case| case.name == name)
}
