-- The plan comparison rows no behaviour backs, as seeded: every plan gets the same spreads and the same support, and
-- there is no account manager; the rows said otherwise ("from 1.2 / 0.8 / 0.4 pips"). Their values go with them
-- (plan_feature_values cascades). Rows an admin adds later are theirs (docs/customer-area.md#plans).
DELETE FROM "plan_features" WHERE "label" IN ('Spreads from', 'Account manager', 'Support');
