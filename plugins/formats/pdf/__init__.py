"""formats/pdf"""
