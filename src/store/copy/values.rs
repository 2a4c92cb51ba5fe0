//! Values between the two databases: a source column read as what it holds, converted
//! to what the target column stores (by its declared type), and bound on the target.

use sqlx::{
    any::{AnyRow, AnyTypeInfoKind},
    query::Query,
    Any, Database, Decode, Row, ValueRef,
};

use crate::store::Backend;

/// A value as read from the source or bound on the target.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::store) enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Real(f64),
    Text(String),
    Bytes(Vec<u8>),
}

/// What a target column stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Bool,
    Int,
    Real,
    Text,
    Bytes,
}

impl Kind {
    /// The kind of a declared type (SQLite's by its affinity rules).
    pub(super) fn of(backend: Backend, declared: &str) -> Option<Kind> {
        let d = declared.to_ascii_lowercase();
        match backend {
            Backend::Postgres => match d.as_str() {
                "boolean" => Some(Kind::Bool),
                "bigint" | "integer" | "smallint" => Some(Kind::Int),
                "double precision" | "real" => Some(Kind::Real),
                "text" | "character varying" | "character" => Some(Kind::Text),
                "bytea" => Some(Kind::Bytes),
                _ => None,
            },
            Backend::Sqlite => {
                if d.contains("bool") {
                    Some(Kind::Bool)
                } else if d.contains("int") {
                    Some(Kind::Int)
                } else if ["char", "clob", "text"].iter().any(|t| d.contains(t)) {
                    Some(Kind::Text)
                } else if d.is_empty() || d.contains("blob") {
                    Some(Kind::Bytes)
                } else if ["real", "floa", "doub"].iter().any(|t| d.contains(t)) {
                    Some(Kind::Real)
                } else {
                    None
                }
            }
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Bool => "boolean",
            Kind::Int => "integer",
            Kind::Real => "real",
            Kind::Text => "text",
            Kind::Bytes => "blob",
        }
    }

    /// `value` as this kind stores it, if it fits.
    pub(super) fn convert(self, value: Value) -> Result<Value, Value> {
        Ok(match (self, value) {
            (_, Value::Null) => Value::Null,
            (Kind::Bool, Value::Bool(b)) => Value::Bool(b),
            (Kind::Bool, Value::Int(n @ (0 | 1))) => Value::Bool(n == 1),
            (Kind::Int, Value::Int(n)) => Value::Int(n),
            (Kind::Int, Value::Bool(b)) => Value::Int(i64::from(b)),
            (Kind::Real, Value::Real(x)) => Value::Real(x),
            // SQLite keeps a whole number in a REAL column as an integer.
            #[allow(clippy::cast_precision_loss)]
            (Kind::Real, Value::Int(n)) => Value::Real(n as f64),
            (Kind::Text, Value::Text(s)) => Value::Text(s),
            (Kind::Bytes, Value::Bytes(b)) => Value::Bytes(b),
            (Kind::Bytes, Value::Text(s)) => Value::Bytes(s.into_bytes()),
            (_, other) => return Err(other),
        })
    }
}

/// Column `i` of a source row.
pub(in crate::store) fn read(row: &AnyRow, i: usize) -> Result<Value, sqlx::Error> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(Value::Null);
    }
    let decoded = match raw.type_info().kind() {
        AnyTypeInfoKind::Null => Ok(Value::Null),
        AnyTypeInfoKind::Bool => <bool as Decode<Any>>::decode(raw).map(Value::Bool),
        AnyTypeInfoKind::SmallInt | AnyTypeInfoKind::Integer | AnyTypeInfoKind::BigInt => {
            <i64 as Decode<Any>>::decode(raw).map(Value::Int)
        }
        AnyTypeInfoKind::Real | AnyTypeInfoKind::Double => {
            <f64 as Decode<Any>>::decode(raw).map(Value::Real)
        }
        AnyTypeInfoKind::Text => <String as Decode<Any>>::decode(raw).map(Value::Text),
        AnyTypeInfoKind::Blob => <Vec<u8> as Decode<Any>>::decode(raw).map(Value::Bytes),
    };
    decoded.map_err(|source| sqlx::Error::ColumnDecode {
        index: i.to_string(),
        source,
    })
}

pub(super) type AnyQuery<'q> = Query<'q, Any, <Any as Database>::Arguments>;

/// Binds `value`, a NULL typed as a `kind` column.
pub(super) fn bind(query: AnyQuery<'_>, value: Value, kind: Kind) -> AnyQuery<'_> {
    match value {
        Value::Null => match kind {
            Kind::Bool => query.bind(None::<bool>),
            Kind::Int => query.bind(None::<i64>),
            Kind::Real => query.bind(None::<f64>),
            Kind::Text => query.bind(None::<String>),
            Kind::Bytes => query.bind(None::<Vec<u8>>),
        },
        Value::Bool(b) => query.bind(b),
        Value::Int(n) => query.bind(n),
        Value::Real(x) => query.bind(x),
        Value::Text(s) => query.bind(s),
        Value::Bytes(b) => query.bind(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_types_have_kinds() {
        for (declared, kind) in [
            ("boolean", Kind::Bool),
            ("bigint", Kind::Int),
            ("double precision", Kind::Real),
            ("text", Kind::Text),
            ("bytea", Kind::Bytes),
        ] {
            assert_eq!(
                Kind::of(Backend::Postgres, declared),
                Some(kind),
                "{declared}"
            );
        }
        for (declared, kind) in [
            ("BOOLEAN", Kind::Bool),
            ("INTEGER", Kind::Int),
            ("REAL", Kind::Real),
            ("VARCHAR(20)", Kind::Text),
            ("BLOB", Kind::Bytes),
            ("", Kind::Bytes),
        ] {
            assert_eq!(
                Kind::of(Backend::Sqlite, declared),
                Some(kind),
                "{declared}"
            );
        }
        assert_eq!(Kind::of(Backend::Postgres, "jsonb"), None);
        assert_eq!(Kind::of(Backend::Sqlite, "NUMERIC"), None);
    }

    #[test]
    fn values_convert_to_their_column() {
        assert_eq!(Kind::Bool.convert(Value::Int(1)), Ok(Value::Bool(true)));
        assert_eq!(Kind::Bool.convert(Value::Int(0)), Ok(Value::Bool(false)));
        assert_eq!(Kind::Int.convert(Value::Bool(true)), Ok(Value::Int(1)));
        assert_eq!(Kind::Real.convert(Value::Int(3)), Ok(Value::Real(3.0)));
        assert_eq!(
            Kind::Bytes.convert(Value::Text("ab".into())),
            Ok(Value::Bytes(b"ab".to_vec()))
        );
        assert_eq!(Kind::Text.convert(Value::Null), Ok(Value::Null));
        assert_eq!(Kind::Bool.convert(Value::Int(2)), Err(Value::Int(2)));
        assert_eq!(
            Kind::Int.convert(Value::Text("7".into())),
            Err(Value::Text("7".into()))
        );
    }
}
