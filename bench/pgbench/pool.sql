-- A pool of 3,000+ none-type member todos with their member, teacher and group, for the scripts
-- here. Run it once on a database kept by `node bench/membertodos.mjs --keep-db`.
drop table if exists bench_pool;
create table bench_pool as
  select row_number() over () as n, mt.id as mt_id, m.id as member_id, g.teacher_id, g.id as group_id
  from (select * from member_todos order by random() limit 4000) mt
    join todos t on t.id = mt.todo_id and t.answertype = 'none'
    join members m on m.id = mt.member_id
    join groups g on g.id = m.group_id;
create unique index on bench_pool (n);
analyze bench_pool;
