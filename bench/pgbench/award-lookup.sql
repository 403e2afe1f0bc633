-- Only the class lookup every award script starts with: subtract it from the others.
\set n random(1, 40)
select t, ids, gid from bench_award where n = :n \gset
