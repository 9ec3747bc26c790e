"""Local HTTP API (`idphoto serve`): the same core render path as the window and the command line.

Optional: needs the `server` extra (`pip install -e ".[server]"`: Starlette, uvicorn, python-multipart).
Nothing is imported here, so `idphoto` without the extra still lists its commands; use
`server.app.create_app` / `make_server` and `server.config.ServerConfig`.
"""
