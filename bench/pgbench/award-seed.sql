-- 40 teachers with one group of 30 members each, and the table the award scripts draw a class from.
insert into teachers (username, email, password_hash, coins)
  select 't' || i, 't' || i || '@bench.invalid', repeat('h', 97), 1000000000 from generate_series(1, 40) i;
insert into groups (teacher_id, name) select id, 'g_' || username from teachers;
insert into members (username, group_id, password_hash, face, hair)
  select 'm_' || g.name || '_' || i, g.id, repeat('p', 97), 'f1', 'h1' from groups g, generate_series(1, 30) i;
create table bench_award as
  select row_number() over () as n, g.teacher_id as t, array_agg(m.id order by m.id) as ids, g.id as gid
  from groups g join members m on m.group_id = g.id group by g.id, g.teacher_id;
vacuum analyze;
