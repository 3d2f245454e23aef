"""formats/txt"""
