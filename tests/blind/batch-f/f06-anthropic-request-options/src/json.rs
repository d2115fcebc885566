//! Minimal stand-in for `serde_json::Value` and the `x_insert` extension.

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    pub fn object() -> Self {
        Value::Object(Vec::new())
    }

    pub fn x_insert(&mut self, key: &str, value: impl Into<Value>) {
        if let Value::Object(entries) = self {
            entries.retain(|(k, _)| k != key);
            entries.push((key.to_string(), value.into()));
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        if let Value::Number(n) = self { Some(*n as i64) } else { None }
    }

    pub fn to_json(&self) -> String {
        match self {
            Value::Null => "null".into(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            Value::String(s) => format!("{s:?}"),
            Value::Array(items) => format!("[{}]", items.iter().map(Value::to_json).collect::<Vec<_>>().join(",")),
            Value::Object(entries) => format!(
                "{{{}}}",
                entries.iter().map(|(k, v)| format!("{k:?}:{}", v.to_json())).collect::<Vec<_>>().join(",")
            ),
        }
    }
}

macro_rules! impl_from {
    ($($ty:ty => |$v:ident| $e:expr),* $(,)?) => {
        $(impl From<$ty> for Value {
            fn from($v: $ty) -> Self { $e }
        })*
    };
}

impl_from! {
    u32 => |v| Value::Number(v as f64),
    f64 => |v| Value::Number(v),
    bool => |v| Value::Bool(v),
    &str => |v| Value::String(v.to_string()),
    Vec<String> => |v| Value::Array(v.into_iter().map(Value::String).collect()),
}
