"""formats/docx"""
