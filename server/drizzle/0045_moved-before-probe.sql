-- Whether an item has a ledger line before an instant. A function of its own, so a report that asks
-- it (only for materials created after the report's end) does not plan a read of every month's
-- partition each time it runs: the function plans its one statement when it is called, and keeps it.
CREATE FUNCTION item_moved_before(item uuid, before timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM movements WHERE item_id = item AND occurred_at < before);
END;
$$;
