"""Enable Redactor's test kit: the fixtures make_txt, make_docx, make_pdf and redactor_run."""

pytest_plugins = ["redactor.testing.pytest_plugin"]
