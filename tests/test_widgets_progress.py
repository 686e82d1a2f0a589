def test_on_a_hub_the_hub_user_name_is_used_and_nothing_is_asked(session, monkeypatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    box = exercise("Exercise 1")
    open_page(box)
    bar = box.children[1]
    eventually(lambda: "Working as <b>ana</b>" in bar.message.value)
    assert bar.form.layout.display == "none"
    box.answer.value = "14"
    box.check()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 1)
    assert record.attempts()[0].name == "ana"
    record.close()
